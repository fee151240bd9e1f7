import { buildPath, type FeedPost } from '@linkup/contract';
import { Link } from 'react-router';
import { authorLine, PostDetails, PostPhotos } from '@/features/feed/components/post-details';
import { initials, plural } from '@/lib/format';
import { VerifiedBadge } from '@/components/verified-badge';
import { mediaUrl } from '@/lib/media-url';

const USER_PATH = '/app/user/:id';

interface PostCardProps {
  post: FeedPost;
  /** Without it (my own post on its page) the likes are counted, not given. */
  onToggleLike?: ((post: FeedPost) => void) | undefined;
}

/** Another member's post in the feed: photos, who they are, what they look for, and a like button with its count. */
export function PostCard({ post, onToggleLike }: PostCardProps) {
  const titleId = `post-${post.id}-title`;
  return (
    <article className="post-card" aria-labelledby={titleId}>
      <header className="post-author">
        <Link to={buildPath(USER_PATH, { id: post.user_id })} className="post-author-link">
          {post.user_photo ? (
            <img className="post-avatar" src={mediaUrl(post.user_photo.thumb)} alt="" width={44} height={44} />
          ) : (
            <span className="post-avatar post-avatar--initials" aria-hidden="true">{initials(post.name)}</span>
          )}
          <div>
            <h2 id={titleId} className="post-author-name">{post.name}<VerifiedBadge verified={post.is_verified} /></h2>
            <span className="post-author-meta">{authorLine(post)}</span>
          </div>
        </Link>
      </header>
      <PostPhotos post={post} />
      <PostDetails post={post} />
      <footer className="post-actions">
        {onToggleLike ? (
        <button
          type="button"
          className={`post-like${post.is_liked ? ' is-liked' : ''}`}
          aria-pressed={post.is_liked}
          aria-label={`${post.is_liked ? 'Unlike' : 'Like'} ${post.name}'s post, ${plural(post.likes_count, 'like')}`}
          onClick={() => onToggleLike(post)}
        >
          <i className={`pi ${post.is_liked ? 'pi-heart-fill' : 'pi-heart'}`} aria-hidden="true" />
          <span className="post-like-count" data-testid="likes-count">{post.likes_count}</span>
        </button>
        ) : (
          <span className="post-own-likes"><i className="pi pi-heart-fill" aria-hidden="true" /> {plural(post.likes_count, 'like')}</span>
        )}
      </footer>
    </article>
  );
}
