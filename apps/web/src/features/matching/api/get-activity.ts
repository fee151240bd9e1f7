import { type ActivityItem } from '@linkup/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { matchingKeys } from '@/features/matching/api/keys';
import { schemas } from '@/lib/schemas';

/** GET /activity → my recent likes, matches, visits and super likes received, newest first. */
export async function getActivity(signal?: AbortSignal): Promise<ActivityItem[]> {
  const response = await api.get<unknown>('/activity', undefined, { signal });
  return (await schemas()).ActivitySchema.parse(response.data).items;
}

export const activityQueryOptions = () =>
  queryOptions({ queryKey: matchingKeys.activity(), queryFn: ({ signal }) => getActivity(signal) });

export function useActivity() {
  return useQuery(activityQueryOptions());
}
