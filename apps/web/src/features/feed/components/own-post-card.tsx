import { plural } from '@/lib/format';
import { Button } from '@/components/button';
import { Link } from 'react-router';
import type { OwnFeedPost } from '@linkup/contract';
import { authorLine, PostDetails, PostPhotos } from '@/features/feed/components/post-details';

interface OwnPostCardProps {
  post: OwnFeedPost;
  editPath: string;
  deleting: boolean;
  onDelete: () => void;
}

/** My own post at the top of the feed, as others see it, with Edit and Delete. */
export function OwnPostCard({ post, editPath, deleting, onDelete }: OwnPostCardProps) {
  return (
    <article className="post-card post-card--own" aria-labelledby="own-post-title">
      <header className="post-author">
        <div>
          <h2 id="own-post-title" className="post-author-name">Your post</h2>
          <span className="post-author-meta">{authorLine(post)}</span>
        </div>
        {!post.is_available && <span className="post-status">Hidden from the feed</span>}
      </header>
      <PostPhotos post={post} />
      <PostDetails post={post} />
      <footer className="post-actions">
        <span className="post-own-likes"><i className="pi pi-heart-fill" aria-hidden="true" /> {plural(post.likes_count, 'like')}</span>
        <span className="post-own-buttons">
          <Link to={editPath} className="btn-outline post-button"><i className="pi pi-pencil" aria-hidden="true" /> Edit</Link>
          <Button type="button" label="Delete" icon="pi pi-trash" className="p-button-outlined p-button-danger post-button"
            loading={deleting} onClick={onDelete} />
        </span>
      </footer>
    </article>
  );
}
