import { type MatchStats } from '@linkup/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { matchingKeys } from '@/features/matching/api/keys';
import { schemas } from '@/lib/schemas';

/** GET /matches/stats/summary → my numbers, what is left today, whether I am premium and when limits reset. */
export async function getStats(signal?: AbortSignal): Promise<MatchStats> {
  const response = await api.get<unknown>('/matches/stats/summary', undefined, { signal });
  return (await schemas()).MatchStatsSchema.parse(response.data);
}

export const statsQueryOptions = () => queryOptions({ queryKey: matchingKeys.stats(), queryFn: ({ signal }) => getStats(signal) });

export function useStats() {
  return useQuery(statsQueryOptions());
}
