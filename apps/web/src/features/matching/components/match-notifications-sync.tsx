import { useMatchNotifications } from '@/features/matching/hooks/use-match-notifications';

/** Invisible: mounted once in the app shell so a match made by someone else refreshes the lists at once. */
export function MatchNotificationsSync() {
  useMatchNotifications();
  return null;
}
