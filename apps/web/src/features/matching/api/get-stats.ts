import { type MatchStats } from '@linkup/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { matchingKeys } from '@/features/matching/api/keys';
import { schemas } from '@/lib/schemas';
import { useSessionStore } from '@/lib/session-store';

/** GET /matches/stats/summary → my numbers, what is left today, whether I am premium and when limits reset. */
export async function getStats(signal?: AbortSignal): Promise<MatchStats> {
  const response = await api.get<unknown>('/matches/stats/summary', undefined, { signal });
  return (await schemas()).MatchStatsSchema.parse(response.data);
}

export const statsQueryOptions = () => queryOptions({ queryKey: matchingKeys.stats(), queryFn: ({ signal }) => getStats(signal) });

export function useStats() {
  return useQuery(statsQueryOptions());
}

/**
 * Whether the member is premium, as far as the client knows: today's numbers, else the session's
 * user (`GET /auth/user` carries `is_premium`); undefined while neither has said. A free member's
 * premium-only taps (undo, boost) show the upsell without a call the server would refuse with 402
 * (issue 17); the server still enforces.
 */
export function useIsPremium(): boolean | undefined {
  const inSession = useSessionStore((s) => s.user?.is_premium);
  return useStats().data?.is_premium ?? inSession;
}
