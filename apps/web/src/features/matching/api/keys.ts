import type { DiscoverQuery } from '@linkup/contract';
import type { QueryClient } from '@tanstack/react-query';

/** Discover filters a member may set; anything unset falls back to their dating preferences. */
export type DiscoverFilters = Partial<Pick<DiscoverQuery, 'gender' | 'age_min' | 'age_max' | 'city' | 'province' | 'distance' | 'verified_only'>>;

/** Query keys of the matching feature; everything under ['matching'] is matching data. */
export const matchingKeys = {
  all: ['matching'] as const,
  discover: (filters: DiscoverFilters) => [...matchingKeys.all, 'discover', filters] as const,
  suggested: () => [...matchingKeys.all, 'suggested'] as const,
  matches: () => [...matchingKeys.all, 'matches'] as const,
  match: (matchId: string) => [...matchingKeys.all, 'match', matchId] as const,
  likes: () => [...matchingKeys.all, 'likes'] as const,
  visitors: () => [...matchingKeys.all, 'visitors'] as const,
  stats: () => [...matchingKeys.all, 'stats'] as const,
  activity: () => [...matchingKeys.all, 'activity'] as const,
};

/**
 * Refreshes every matching list after a like, pass, undo, unmatch or a match event — except the
 * discover stack, which the member is working through (a refetch would reshuffle it).
 */
export function refreshMatchingLists(queryClient: QueryClient, { keepStats = false }: { keepStats?: boolean } = {}): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: matchingKeys.all,
    predicate: (query) => query.queryKey[1] !== 'discover' && !(keepStats && query.queryKey[1] === 'stats'),
  });
}
