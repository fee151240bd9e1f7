import { type MatchDetails } from '@linkup/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { matchingKeys } from '@/features/matching/api/keys';
import { schemas } from '@/lib/schemas';

/** GET /matches/{id} → one of my matches: when, how, shared interests and the other's profile. */
export async function getMatch(matchId: string, signal?: AbortSignal): Promise<MatchDetails> {
  const response = await api.get<unknown>(`/matches/${encodeURIComponent(matchId)}`, undefined, { signal });
  return (await schemas()).MatchDetailsSchema.parse(response.data);
}

export const matchQueryOptions = (matchId: string) =>
  queryOptions({ queryKey: matchingKeys.match(matchId), queryFn: ({ signal }) => getMatch(matchId, signal) });

export function useMatch(matchId: string) {
  return useQuery(matchQueryOptions(matchId));
}
