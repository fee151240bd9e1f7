import { NotificationsScreen } from '@/features/notifications/components/notifications-screen';

/** /app/notifications — the notifications inbox. */
export function NotificationsRoute() {
  return <NotificationsScreen />;
}
