import { useFeedBadge } from '@/features/feed/hooks/use-feed-badge';

/** Invisible: mounted once in the app shell so the Feed tab badge follows the notifications inbox. */
export function FeedBadgeSync() {
  useFeedBadge();
  return null;
}
