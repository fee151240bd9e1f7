import { useNotificationsBadge } from '@/features/notifications/hooks/use-notifications-badge';

/** Invisible: mounted once in the app shell so the bell's and tabs' badges follow the notifications inbox. */
export function NotificationsBadgeSync() {
  useNotificationsBadge();
  return null;
}
