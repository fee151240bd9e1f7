import '@/features/feed/feed.css';
import { routeByName } from '@linkup/contract';
import { Link } from 'react-router';
import { LoadFailed, Loading } from '@/components/load-state';
import { PageHeader } from '@/components/page-header';
import { usePost } from '@/features/feed/api/get-post';
import { PostCard } from '@/features/feed/components/post-card';
import { singlePost, useLikeToggle } from '@/features/feed/hooks/use-like-toggle';
import { isApiClientError } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';

const FEED_PATH = routeByName('app.feed').path;

/**
 * /app/feed/posts/:id — one post (issue 32: where a like on my post leads): mine with its likes,
 * or another member's as the feed shows it, with the like button. A post I may not see (deleted,
 * hidden, or its author and I are apart) is not there.
 */
export function PostViewScreen({ postId }: { postId: string }) {
  const post = usePost(postId);
  const myId = useSessionStore((s) => s.user?.id);
  const toggleLike = useLikeToggle(singlePost);

  let body;
  if (post.isPending) {
    body = <Loading label="Loading the post" />;
  } else if (post.isError && isApiClientError(post.error) && post.error.status === 404) {
    body = (
      <div className="feed-empty" role="status">
        <i className="pi pi-images" aria-hidden="true" />
        <p className="feed-empty-title">This post is no longer available</p>
        <Link to={FEED_PATH} className="btn-link-primary">Back to the feed</Link>
      </div>
    );
  } else if (post.isError) {
    body = <LoadFailed what="The post" onRetry={() => void post.refetch()} />;
  } else {
    const mine = post.data.user_id === myId;
    body = <PostCard post={post.data} onToggleLike={mine ? undefined : (p) => void toggleLike(p)} />;
  }
  return (
    <section className="feed-page">
      <PageHeader title={routeByName('app.feed.post').title} />
      {body}
    </section>
  );
}
