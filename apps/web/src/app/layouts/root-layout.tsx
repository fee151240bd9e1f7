import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { DocumentTitle } from '@/app/document-title';
import { NativeChrome } from '@/app/native-chrome';
import { NativeListeners } from '@/app/native-listeners';
import { ScrollToTop } from '@/app/scroll-to-top';
import { ConnectionBanner } from '@/components/connection-banner';

/**
 * The notification centre (push setup, the in-app card for the socket's notifications) loads
 * after the first render, on every platform: the first page does not wait for it (issue #18).
 */
const NotificationCenter = lazy(() => import('@/app/notification-center').then((module) => ({ default: module.NotificationCenter })));

/** Wraps every page: scroll reset, tab title, the native listeners, the offline banner and notifications, each mounted once. */
export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <DocumentTitle />
      <NativeListeners />
      <NativeChrome />
      <ConnectionBanner />
      <Suspense fallback={null}>
        <NotificationCenter />
      </Suspense>
      <Outlet />
    </>
  );
}
