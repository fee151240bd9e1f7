import { useParams } from 'react-router';
import { PostViewScreen } from '@/features/feed/components/post-view-screen';

/** /app/feed/posts/:id — one post. */
export function FeedPostViewRoute() {
  const { id = '' } = useParams();
  return <PostViewScreen key={id} postId={id} />;
}
