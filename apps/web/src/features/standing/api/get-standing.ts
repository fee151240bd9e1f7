import type { Standing } from '@linkup/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { standingKeys } from '@/features/standing/api/keys';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** GET /account/standing → my status, strikes and the decisions about my account (issue 30). */
export async function getStanding({ signal }: { signal?: AbortSignal } = {}): Promise<Standing> {
  const response = await api.get<unknown>('/account/standing', undefined, { signal });
  return (await schemas()).StandingSchema.parse(response.data);
}

export const standingQueryOptions = () =>
  queryOptions({ queryKey: standingKeys.standing(), queryFn: ({ signal }) => getStanding({ signal }) });

export function useStanding() {
  return useQuery(standingQueryOptions());
}
