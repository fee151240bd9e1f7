import type { SubscriptionStatus } from '@linkup/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subscriptionKeys } from '@/features/subscriptions/api/keys';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** POST /subscription/cancel (renewal off: premium lasts to the period's end) or /subscription/resume. */
export async function changeRenewal(action: 'cancel' | 'resume'): Promise<{ status: SubscriptionStatus; message?: string }> {
  const response = await api.post<unknown>(`/subscription/${action}`);
  return { status: (await schemas()).SubscriptionStatusSchema.parse(response.data), ...(response.message ? { message: response.message } : {}) };
}

export function useChangeRenewal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRenewal,
    onSuccess: ({ status }) => queryClient.setQueryData(subscriptionKeys.status(), status),
  });
}
