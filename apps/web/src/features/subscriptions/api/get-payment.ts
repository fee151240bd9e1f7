import { PAYMENT_POLL, type PaymentStatusResult } from '@linkup/contract';
import { useQuery } from '@tanstack/react-query';
import { subscriptionKeys } from '@/features/subscriptions/api/keys';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** GET /payments/{id} → the status of one of my payments. */
export async function getPayment(paymentId: string, signal?: AbortSignal): Promise<PaymentStatusResult> {
  const response = await api.get<unknown>(`/payments/${encodeURIComponent(paymentId)}`, undefined, { signal });
  return (await schemas()).PaymentStatusResultSchema.parse(response.data);
}

/** The wait before poll number `attempt` (0-based): grows by PAYMENT_POLL.factor up to maxMs. */
export const pollDelay = (attempt: number) => Math.min(PAYMENT_POLL.maxMs, PAYMENT_POLL.firstMs * PAYMENT_POLL.factor ** attempt);

/** A payment, polled with backoff while it is pending and `poll` is on. */
export function usePayment(paymentId: string | null, { poll }: { poll: boolean }) {
  return useQuery({
    queryKey: subscriptionKeys.payment(paymentId ?? ''),
    queryFn: ({ signal }) => getPayment(paymentId!, signal),
    enabled: paymentId !== null,
    refetchInterval: (query) => (poll && query.state.data?.status === 'pending' ? pollDelay(query.state.dataUpdateCount) : false),
  });
}
