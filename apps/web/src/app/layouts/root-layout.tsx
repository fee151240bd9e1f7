import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { DocumentTitle } from '@/app/document-title';
import { NativeChrome } from '@/app/native-chrome';
import { NativeListeners } from '@/app/native-listeners';
import { ScrollToTop } from '@/app/scroll-to-top';
import { ConnectionBanner } from '@/components/connection-banner';
import { useAfterPageLoad } from '@/lib/after-load';

/**
 * The notification centre (push setup, the in-app card for the socket's notifications) loads
 * once the first page has loaded, on every platform: the first page does not wait for it, nor
 * share the main thread with it (issue #18).
 */
const NotificationCenter = lazy(() => import('@/app/notification-center').then((module) => ({ default: module.NotificationCenter })));

/** Wraps every page: scroll reset, tab title, the native listeners, the offline banner and notifications, each mounted once. */
export function RootLayout() {
  const pageLoaded = useAfterPageLoad();
  return (
    <>
      <ScrollToTop />
      <DocumentTitle />
      <NativeListeners />
      <NativeChrome />
      <ConnectionBanner />
      {pageLoaded && (
        <Suspense fallback={null}>
          <NotificationCenter />
        </Suspense>
      )}
      <Outlet />
    </>
  );
}
