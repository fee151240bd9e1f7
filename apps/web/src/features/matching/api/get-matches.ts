import { MATCHING_PAGE_SIZES, type Match, type Pagination } from '@linkup/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { matchingKeys } from '@/features/matching/api/keys';
import { schemas } from '@/lib/schemas';

export interface MatchesPage {
  items: Match[];
  pagination: Pagination;
}

/** GET /matches?page&per_page → my matches, newest first, each with the other member and the chat room. */
export async function getMatches(
  { page = 1, perPage = MATCHING_PAGE_SIZES.lists }: { page?: number; perPage?: number } = {},
  signal?: AbortSignal,
): Promise<MatchesPage> {
  const response = await api.get<unknown>('/matches', { page, per_page: perPage }, { signal });
  const { paginated, MatchSchema } = await schemas();
  return paginated(MatchSchema).parse(response.data);
}

export const matchesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: matchingKeys.matches(),
    queryFn: ({ pageParam, signal }) => getMatches({ page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last: MatchesPage) =>
      last.pagination.current_page < last.pagination.last_page ? last.pagination.current_page + 1 : undefined,
  });

export function useMatches() {
  return useInfiniteQuery(matchesQueryOptions());
}
