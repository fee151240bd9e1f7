import type { SubscriptionStatus } from '@linkup/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { subscriptionKeys } from '@/features/subscriptions/api/keys';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** GET /subscription → free or premium, the plan, until when, renews or ends, payment history. */
export async function getSubscription(signal?: AbortSignal): Promise<SubscriptionStatus> {
  const response = await api.get<unknown>('/subscription', undefined, { signal });
  return (await schemas()).SubscriptionStatusSchema.parse(response.data);
}

export const subscriptionQueryOptions = () => queryOptions({ queryKey: subscriptionKeys.status(), queryFn: ({ signal }) => getSubscription(signal) });

export function useSubscription() {
  return useQuery(subscriptionQueryOptions());
}
