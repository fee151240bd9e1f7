import { FeedScreen } from '@/features/feed/components/feed-screen';

/** /app/feed — posts, my own post and the notifications inbox. */
export function FeedRoute() {
  return <FeedScreen />;
}
