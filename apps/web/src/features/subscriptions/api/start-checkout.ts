import type { CheckoutResult } from '@linkup/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** POST /subscription/checkout {plan_id} → a pending payment and the provider's checkout page. */
export async function startCheckout(planId: string): Promise<CheckoutResult> {
  const response = await api.post<unknown>('/subscription/checkout', { plan_id: planId });
  return (await schemas()).CheckoutResultSchema.parse(response.data);
}

export function useStartCheckout() {
  return useMutation({ mutationFn: startCheckout });
}
