import { routeByName } from '@linkup/contract';
import { Link, useNavigate } from 'react-router';
import { LoadFailed, Loading } from '@/components/load-state';
import { PageHeader } from '@/components/page-header';
import { useMyPost } from '@/features/feed/api/get-my-post';
import { PostForm } from '@/features/feed/components/post-form';
import { useProfile } from '@/features/profile/api/get-profile';

const FEED_PATH = routeByName('app.feed').path;

/**
 * /app/feed/create and /app/feed/edit — one form (spec §2), prefilled from my profile (the
 * profile feature) or from my post (the feed feature); the route composes the two.
 */
export function FeedPostRoute({ mode }: { mode: 'create' | 'edit' }) {
  const navigate = useNavigate();
  const profile = useProfile();
  const myPost = useMyPost();
  const route = routeByName(mode === 'create' ? 'app.feed.create' : 'app.feed.edit');

  let body;
  if (profile.isPending || myPost.isPending) {
    body = <Loading label="Loading your post" />;
  } else if (profile.isError || myPost.isError) {
    body = <LoadFailed what="Your post" onRetry={() => { void profile.refetch(); void myPost.refetch(); }} />;
  } else if (mode === 'create' && myPost.data.has_post) {
    body = (
      <div className="feed-empty">
        <p className="feed-empty-title">You already have a post</p>
        <p className="feed-empty-text">Each member has one post. Edit it to change what it says.</p>
        <Link to={routeByName('app.feed.edit').path} className="btn-link-primary">Edit your post</Link>
      </div>
    );
  } else if (mode === 'edit' && !myPost.data.post) {
    body = (
      <div className="feed-empty">
        <p className="feed-empty-title">You don't have a post yet</p>
        <Link to={routeByName('app.feed.create').path} className="btn-link-primary">Create your post</Link>
      </div>
    );
  } else {
    body = (
      <PostForm mode={mode} profile={profile.data} post={mode === 'edit' ? myPost.data.post : null}
        cancelPath={FEED_PATH} onSaved={() => navigate(FEED_PATH)} />
    );
  }

  return (
    <section className="feed-page">
      <PageHeader title={route.title} subtitle="Tell others about yourself and the partner you hope to meet." />
      {body}
    </section>
  );
}

export const FeedCreateRoute = () => <FeedPostRoute mode="create" />;
export const FeedEditRoute = () => <FeedPostRoute mode="edit" />;
