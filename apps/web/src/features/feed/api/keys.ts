import type { FeedFilters } from '@linkup/contract';

/** Filters a member may set on the feed (spec §3); anything unset follows their dating preferences. */
export type FeedFilterValues = Partial<FeedFilters>;

/** Query keys of the feed feature; everything under ['feed'] is feed data. */
export const feedKeys = {
  all: ['feed'] as const,
  posts: (filters: FeedFilterValues) => [...feedKeys.all, 'posts', filters] as const,
  allPosts: () => [...feedKeys.all, 'posts'] as const,
  myPost: () => [...feedKeys.all, 'my-post'] as const,
  post: (id: string) => [...feedKeys.all, 'post', id] as const,
};
