import type { ModerationStats } from '@linkup/contract';
import { useQuery } from '@tanstack/react-query';
import { moderationKeys } from '@/features/moderation/api/keys';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** GET /moderation/stats?from=&to= → the transparency report's numbers. */
export async function getStats(from: string | undefined, to: string | undefined, signal?: AbortSignal): Promise<ModerationStats> {
  const response = await api.get<unknown>('/moderation/stats', { from, to }, { signal });
  return (await schemas()).ModerationStatsSchema.parse(response.data);
}

export function useStats(from?: string, to?: string) {
  return useQuery({ queryKey: moderationKeys.stats(from, to), queryFn: ({ signal }) => getStats(from, to, signal) });
}
