import '@/features/feed/feed.css';
import { FEED_ERRORS, routeByName } from '@linkup/contract';
import { Button } from '@/components/button';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { LoadFailed, Loading } from '@/components/load-state';
import { PageHeader } from '@/components/page-header';
import { useDeleteMyPost } from '@/features/feed/api/delete-my-post';
import { useFeed } from '@/features/feed/api/get-feed';
import { useMyPost } from '@/features/feed/api/get-my-post';
import type { FeedFilterValues } from '@/features/feed/api/keys';
import { FeedFiltersDialog, feedFilterCount } from '@/features/feed/components/feed-filters';
import { OwnPostCard } from '@/features/feed/components/own-post-card';
import { PostCard } from '@/features/feed/components/post-card';
import { inFeed, useLikeToggle } from '@/features/feed/hooks/use-like-toggle';
import { useLoadMore } from '@/features/feed/hooks/use-load-more';
import { requiresPreferences } from '@/features/feed/utils/errors';
import { postsOf } from '@/features/feed/utils/posts';
import { serverMessageOr } from '@/lib/api-client';
import { confirmDialog } from '@/lib/dialogs';

export interface FeedPaths {
  create: string;
  edit: string;
  preferences: string;
}

export const FEED_PATHS: FeedPaths = {
  create: routeByName('app.feed.create').path,
  edit: routeByName('app.feed.edit').path,
  preferences: routeByName('app.preferences').path,
};

/** /app/feed: posts of members who fit me and whom I fit, my own post on top. */
export function FeedScreen({ paths = FEED_PATHS }: { paths?: FeedPaths }) {
  const [search] = useSearchParams();
  const [filters, setFilters] = useState<FeedFilterValues>({});
  const [filtersOpen, setFiltersOpen] = useState(false);
  const count = feedFilterCount(filters);

  // The inbox was a view of the Feed before the header's bell (issue 32): old links still reach it.
  if (search.get('view') === 'notifications') return <Navigate to={routeByName('app.notifications').path} replace />;
  return (
    <section className="feed-page">
      <PageHeader
        title={routeByName('app.feed').title}
        actions={(
          <Button type="button" icon="pi pi-sliders-h" label="Filters" className="p-button-outlined p-button-rounded feed-filters-button"
            aria-label={count ? `Filters, ${count} set` : 'Filters'} badge={count ? String(count) : undefined}
            onClick={() => setFiltersOpen(true)} />
        )}
      />
      <PostsView key={JSON.stringify(filters)} filters={filters} paths={paths} />
      <FeedFiltersDialog visible={filtersOpen} value={filters} onHide={() => setFiltersOpen(false)}
        onApply={(next) => { setFilters(next); setFiltersOpen(false); }} />
    </section>
  );
}

function PostsView({ filters, paths }: { filters: FeedFilterValues; paths: FeedPaths }) {
  const feed = useFeed(filters);
  const myPost = useMyPost();
  const deletePost = useDeleteMyPost();
  const toggleLike = useLikeToggle(useMemo(() => inFeed(filters), [filters]));
  const posts = useMemo(() => postsOf(feed.data), [feed.data]);
  const noPreferences = requiresPreferences(feed.error);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;
  const sentinel = useLoadMore<HTMLDivElement>(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, Boolean(hasNextPage));

  useEffect(() => {
    if (feed.isError && !noPreferences) toast.error(serverMessageOr(feed.error, FEED_ERRORS.loadFeed));
  }, [feed.isError, feed.error, feed.errorUpdatedAt, noPreferences]);
  useEffect(() => {
    if (myPost.isError) toast.error(serverMessageOr(myPost.error, FEED_ERRORS.loadOwnPost));
  }, [myPost.isError, myPost.error, myPost.errorUpdatedAt]);

  const onDelete = async () => {
    if (!(await confirmDialog('Delete your post?', 'It leaves the feed with its photos and likes.', { destructive: true, confirmLabel: 'Delete post' }))) return;
    deletePost.mutate(undefined, {
      onSuccess: (message) => toast.success(message ?? 'Your post has been deleted.'),
      onError: (error) => toast.error(serverMessageOr(error, FEED_ERRORS.deletePost)),
    });
  };

  let own: ReactNode = null;
  if (myPost.data?.post) {
    own = <OwnPostCard post={myPost.data.post} editPath={paths.edit} deleting={deletePost.isPending} onDelete={() => void onDelete()} />;
  } else if (myPost.data) {
    own = (
      <div className="feed-create">
        <div>
          <p className="feed-create-title">Tell others who you are</p>
          <p className="feed-create-text">Publish one post about yourself and the partner you hope to meet.</p>
        </div>
        <Link to={paths.create} className="btn-link-primary"><i className="pi pi-plus" aria-hidden="true" /> Create your post</Link>
      </div>
    );
  }

  let body: ReactNode;
  if (noPreferences) {
    body = (
      <div className="feed-empty" role="status">
        <i className="pi pi-sliders-h" aria-hidden="true" />
        <p className="feed-empty-title">Set your dating preferences first</p>
        <p className="feed-empty-text">The feed shows posts of members who fit what you look for, and who look for someone like you.</p>
        <Link to={paths.preferences} className="btn-link-primary">Set preferences</Link>
      </div>
    );
  } else if (feed.isPending) {
    body = <Loading label="Loading posts" />;
  } else if (feed.isError && posts.length === 0) {
    body = <LoadFailed what="The feed" onRetry={() => void feed.refetch()} />;
  } else if (posts.length === 0) {
    body = (
      <div className="feed-empty">
        <i className="pi pi-images" aria-hidden="true" />
        <p className="feed-empty-title">No posts yet</p>
        <p className="feed-empty-text">When members who fit you publish a post, it shows up here. Check back soon, or widen your filters.</p>
      </div>
    );
  } else {
    body = (
      <>
        <div className="feed-list" aria-label="Posts" role="feed" aria-busy={isFetchingNextPage}>
          {posts.map((post) => <PostCard key={post.id} post={post} onToggleLike={(p) => void toggleLike(p)} />)}
        </div>
        <div ref={sentinel} className="feed-more">
          {hasNextPage ? (
            <Button type="button" label="Load more posts" className="p-button-text" loading={isFetchingNextPage} onClick={() => void fetchNextPage()} />
          ) : (
            <p className="feed-end">You're all caught up.</p>
          )}
        </div>
      </>
    );
  }

  return (
    <>
      {own}
      {body}
    </>
  );
}
