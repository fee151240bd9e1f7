/** Discover and the member profiles it opens. */
import type { RouteName } from '@linkup/contract';
import type { QueryClient } from '@tanstack/react-query';
import { discoverQueryOptions } from '@/features/matching/api/get-discover';
import { statsQueryOptions } from '@/features/matching/api/get-stats';
import { profileQueryOptions } from '@/features/profile/api/get-profile';

export { DiscoverRoute } from '@/app/routes/app/discover';
export { UserRoute } from '@/app/routes/app/user';

/** What Discover shows first (the stack without filters), asked for while the app starts (see prefetchFirstPage). */
export function prefetchPage(name: RouteName, queryClient: QueryClient): void {
  if (name !== 'app.discover') return;
  void queryClient.prefetchInfiniteQuery(discoverQueryOptions({}));
  void queryClient.prefetchQuery(statsQueryOptions());
  void queryClient.prefetchQuery(profileQueryOptions());
}
