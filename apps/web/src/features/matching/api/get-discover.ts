import { MATCHING_PAGE_SIZES, type DiscoverPage } from '@linkup/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { matchingKeys, type DiscoverFilters } from '@/features/matching/api/keys';
import { schemas } from '@/lib/schemas';

/** GET /matches/discover?gender&age_min&age_max&city&province&distance&page&per_page → cards, best fits first. */
export async function getDiscover(
  { filters = {}, page = 1, perPage = MATCHING_PAGE_SIZES.discover }: { filters?: DiscoverFilters; page?: number; perPage?: number } = {},
  signal?: AbortSignal,
): Promise<DiscoverPage> {
  const response = await api.get<unknown>('/matches/discover', { ...filters, page, per_page: perPage }, { signal });
  return (await schemas()).DiscoverPageSchema.parse(response.data);
}

/**
 * The discover stack, loaded in batches. Every batch asks for the *first* page: the server leaves
 * out everyone already liked or passed, so page 2 would skip people once the first cards are
 * swiped. Cards already in the stack are dropped when a batch repeats them.
 */
export const discoverQueryOptions = (filters: DiscoverFilters) =>
  infiniteQueryOptions({
    queryKey: matchingKeys.discover(filters),
    queryFn: ({ signal }) => getDiscover({ filters }, signal),
    initialPageParam: 1,
    getNextPageParam: (last: DiscoverPage, all: DiscoverPage[]) => (last.has_more ? all.length + 1 : undefined),
    // A stack left behind is not worth keeping: coming back starts from the best fits again.
    gcTime: 0,
  });

export function useDiscover(filters: DiscoverFilters) {
  return useInfiniteQuery(discoverQueryOptions(filters));
}

/** The dashboard's few suggested profiles: the first discover cards. */
export const suggestedQueryOptions = (count = 6) =>
  queryOptions({ queryKey: matchingKeys.suggested(), queryFn: ({ signal }) => getDiscover({ perPage: count }, signal) });

export function useSuggested(count?: number) {
  return useQuery(suggestedQueryOptions(count));
}
