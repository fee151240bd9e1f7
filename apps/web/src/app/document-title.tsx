import { matchRoute } from '@linkup/contract';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { documentTitle } from '@/app/route-meta';

/** Sets the tab title to "<page title> · LinkUp" on every page change. */
export function DocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitle(matchRoute(pathname)?.title);
  }, [pathname]);
  return null;
}
