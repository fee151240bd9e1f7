import { MATCHING_PAGE_SIZES, type Visitors } from '@linkup/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { nextLockablePage } from '@/features/matching/api/get-likes';
import { matchingKeys } from '@/features/matching/api/keys';
import { schemas } from '@/lib/schemas';

/**
 * GET /visitors?page&per_page → who viewed my profile, newest first. Premium members get names
 * and photos; free members only the count and blurred placeholders (`locked`).
 */
export async function getVisitors(
  { page = 1, perPage = MATCHING_PAGE_SIZES.lists }: { page?: number; perPage?: number } = {},
  signal?: AbortSignal,
): Promise<Visitors> {
  const response = await api.get<unknown>('/visitors', { page, per_page: perPage }, { signal });
  return (await schemas()).VisitorsSchema.parse(response.data);
}

export const visitorsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: matchingKeys.visitors(),
    queryFn: ({ pageParam, signal }) => getVisitors({ page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: nextLockablePage<Visitors>,
  });

export function useVisitors() {
  return useInfiniteQuery(visitorsQueryOptions());
}
