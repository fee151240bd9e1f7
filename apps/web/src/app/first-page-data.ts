/**
 * The data a signed-in first page shows, asked for from the entry while the app starts (beside the
 * token check and the page's own code), so the page renders with its data instead of a loading
 * state that shifts as answers arrive. Started here rather than from the page's group: the
 * requests leave as soon as the entry has run, not a round trip later when the group's chunk has
 * arrived (issue #18). Only for a first visit: later pages load their data as they open.
 */
import { matchRoute, type RouteName } from '@linkup/contract';
import type { QueryClient } from '@tanstack/react-query';
import { roomsQueryOptions } from '@/features/chat/api/get-rooms';
import { discoverQueryOptions, suggestedQueryOptions } from '@/features/matching/api/get-discover';
import { matchesQueryOptions } from '@/features/matching/api/get-matches';
import { statsQueryOptions } from '@/features/matching/api/get-stats';
import { visitorsQueryOptions } from '@/features/matching/api/get-visitors';
import { profileQueryOptions } from '@/features/profile/api/get-profile';

const FIRST_PAGE_DATA: Partial<Record<RouteName, (queryClient: QueryClient) => void>> = {
  'app.dashboard': (queryClient) => {
    void queryClient.prefetchQuery(statsQueryOptions());
    void queryClient.prefetchQuery(profileQueryOptions());
    void queryClient.prefetchInfiniteQuery(matchesQueryOptions());
    void queryClient.prefetchInfiniteQuery(visitorsQueryOptions());
    void queryClient.prefetchQuery(suggestedQueryOptions());
  },
  // The stack without filters, as Discover first shows it.
  'app.discover': (queryClient) => {
    void queryClient.prefetchInfiniteQuery(discoverQueryOptions({}));
    void queryClient.prefetchQuery(statsQueryOptions());
    void queryClient.prefetchQuery(profileQueryOptions());
  },
  'app.messages': (queryClient) => {
    void queryClient.prefetchInfiniteQuery(roomsQueryOptions());
  },
};

/** Starts the data of the signed-in page at `pathname`, if it is one that has its data here. */
export function prefetchFirstPageData(pathname: string, queryClient: QueryClient): void {
  const route = matchRoute(pathname);
  if (route?.requiresAuth) FIRST_PAGE_DATA[route.name as RouteName]?.(queryClient);
}
