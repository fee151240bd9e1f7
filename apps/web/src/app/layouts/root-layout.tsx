import { Outlet } from 'react-router';
import { DocumentTitle } from '@/app/document-title';
import { NativeListeners } from '@/app/native-listeners';
import { ScrollToTop } from '@/app/scroll-to-top';

/** Wraps every page: scroll reset, tab title and the native listeners, each mounted once. */
export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <DocumentTitle />
      <NativeListeners />
      <Outlet />
    </>
  );
}
