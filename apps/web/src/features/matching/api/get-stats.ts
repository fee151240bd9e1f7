import { type MatchStats } from '@linkup/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { matchingKeys } from '@/features/matching/api/keys';
import { schemas } from '@/lib/schemas';
import { syncPremium } from '@/lib/use-is-premium';

/** GET /matches/stats/summary → my numbers, what is left today, whether I am premium and when limits reset. */
export async function getStats(signal?: AbortSignal): Promise<MatchStats> {
  const response = await api.get<unknown>('/matches/stats/summary', undefined, { signal });
  const stats = (await schemas()).MatchStatsSchema.parse(response.data);
  // The server's latest word on premium: the one premium state (the session's) follows it.
  syncPremium(stats.is_premium);
  return stats;
}

export const statsQueryOptions = () => queryOptions({ queryKey: matchingKeys.stats(), queryFn: ({ signal }) => getStats(signal) });

export function useStats() {
  return useQuery(statsQueryOptions());
}
