/** The Home tab. */
import type { RouteName } from '@linkup/contract';
import type { QueryClient } from '@tanstack/react-query';
import { suggestedQueryOptions } from '@/features/matching/api/get-discover';
import { matchesQueryOptions } from '@/features/matching/api/get-matches';
import { statsQueryOptions } from '@/features/matching/api/get-stats';
import { visitorsQueryOptions } from '@/features/matching/api/get-visitors';
import { profileQueryOptions } from '@/features/profile/api/get-profile';

export { DashboardRoute } from '@/app/routes/app/dashboard';

/** What the dashboard shows, asked for while the app starts (see prefetchFirstPage). */
export function prefetchPage(name: RouteName, queryClient: QueryClient): void {
  if (name !== 'app.dashboard') return;
  void queryClient.prefetchQuery(statsQueryOptions());
  void queryClient.prefetchQuery(profileQueryOptions());
  void queryClient.prefetchInfiniteQuery(matchesQueryOptions());
  void queryClient.prefetchInfiniteQuery(visitorsQueryOptions());
  void queryClient.prefetchQuery(suggestedQueryOptions());
}
