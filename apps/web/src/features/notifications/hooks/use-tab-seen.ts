import { NOTIFICATION_TABS, type NotificationTab, type TabKey } from '@linkup/contract';
import { useEffect } from 'react';
import { readTab } from '@/features/notifications/api/read-tab';
import { useUnreadStore } from '@/lib/unread-store';

const isNotificationTab = (tab: TabKey | undefined): tab is NotificationTab => (NOTIFICATION_TABS as readonly string[]).includes(tab ?? '');

/**
 * A tab page on screen has its new items seen (issue 32): while Feed or Matches is open, its
 * badge's notifications are marked read — at once, and again as new ones arrive.
 */
export function useTabSeen(activeTab: TabKey | undefined): void {
  const tab = isNotificationTab(activeTab) ? activeTab : null;
  const unread = useUnreadStore((s) => (tab ? s.unreadTabs[tab] : 0));
  useEffect(() => {
    if (!tab || unread === 0) return;
    readTab(tab).catch((error: unknown) => console.warn('Could not mark the tab read', error));
  }, [tab, unread]);
}
