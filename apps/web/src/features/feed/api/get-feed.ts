import { FEED_PAGE_SIZES, type FeedPage } from '@linkup/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { feedKeys, type FeedFilterValues } from '@/features/feed/api/keys';
import { schemas } from '@/lib/schemas';

/** Where a page starts: the spec's page number, and the cursor the page before handed out. */
export interface FeedPageParam {
  page: number;
  cursor: string | null;
}

/** GET /feed?page&cursor&gender&ageMin&ageMax&city&province&relationshipType → posts newest first. */
export async function getFeed(filters: FeedFilterValues, { page, cursor }: FeedPageParam, signal?: AbortSignal): Promise<FeedPage> {
  const response = await api.get<unknown>('/feed', { ...filters, page, per_page: FEED_PAGE_SIZES.posts, cursor }, { signal });
  return (await schemas()).FeedPageSchema.parse(response.data);
}

/**
 * The feed, page by page (spec §4): the first page starts the list, later pages append until
 * `has_more` is false. Each page continues from the cursor of the one before, so posts published
 * meanwhile never push a post into the next page twice.
 */
export const feedQueryOptions = (filters: FeedFilterValues) =>
  infiniteQueryOptions({
    queryKey: feedKeys.posts(filters),
    queryFn: ({ pageParam, signal }) => getFeed(filters, pageParam, signal),
    initialPageParam: { page: 1, cursor: null } as FeedPageParam,
    getNextPageParam: (last: FeedPage, all: FeedPage[]): FeedPageParam | undefined =>
      last.has_more && last.next_cursor ? { page: all.length + 1, cursor: last.next_cursor } : undefined,
  });

export function useFeed(filters: FeedFilterValues) {
  return useInfiniteQuery(feedQueryOptions(filters));
}
