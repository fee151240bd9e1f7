import { matchRoute } from '@linkup/contract';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { documentTitle } from '@/app/route-meta';
import { badgeText } from '@/lib/format';
import { selectUnreadMessages, useUnreadStore } from '@/lib/unread-store';

/**
 * Sets the tab title to "<page title> · LinkUp" on every page change, led by the unread messages
 * while there are any — "(3) Messages · LinkUp" (issue 32), seen from another tab.
 */
export function DocumentTitle() {
  const { pathname } = useLocation();
  const unread = badgeText(useUnreadStore(selectUnreadMessages));
  useEffect(() => {
    const title = documentTitle(matchRoute(pathname)?.title);
    document.title = unread ? `(${unread}) ${title}` : title;
  }, [pathname, unread]);
  return null;
}
