import { MATCHING_PAGE_SIZES, type LikesReceived } from '@linkup/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { matchingKeys } from '@/features/matching/api/keys';
import { schemas } from '@/lib/schemas';

/**
 * GET /matches/likes?page&per_page → people who like me. Premium members get names and photos;
 * free members only the count and how many blurred placeholders to draw (`locked`).
 */
export async function getLikes(
  { page = 1, perPage = MATCHING_PAGE_SIZES.lists }: { page?: number; perPage?: number } = {},
  signal?: AbortSignal,
): Promise<LikesReceived> {
  const response = await api.get<unknown>('/matches/likes', { page, per_page: perPage }, { signal });
  return (await schemas()).LikesReceivedSchema.parse(response.data);
}

/** The next page while a full page came back and fewer than `count` are loaded. */
export function nextLockablePage<T extends { count: number; locked: boolean; items: unknown[] }>(last: T, all: T[]): number | undefined {
  const loaded = all.reduce((sum, page) => sum + page.items.length, 0);
  return !last.locked && last.items.length >= MATCHING_PAGE_SIZES.lists && loaded < last.count ? all.length + 1 : undefined;
}

export const likesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: matchingKeys.likes(),
    queryFn: ({ pageParam, signal }) => getLikes({ page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: nextLockablePage<LikesReceived>,
  });

export function useLikes() {
  return useInfiniteQuery(likesQueryOptions());
}
