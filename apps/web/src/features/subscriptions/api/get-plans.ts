import type { Plan } from '@linkup/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { subscriptionKeys } from '@/features/subscriptions/api/keys';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** GET /subscription/plans → the premium plans on sale. */
export async function getPlans(signal?: AbortSignal): Promise<Plan[]> {
  const response = await api.get<unknown>('/subscription/plans', undefined, { signal });
  return (await schemas()).PlanSchema.array().parse(response.data);
}

export const plansQueryOptions = () => queryOptions({ queryKey: subscriptionKeys.plans(), queryFn: ({ signal }) => getPlans(signal), staleTime: 5 * 60_000 });

export function usePlans() {
  return useQuery(plansQueryOptions());
}
