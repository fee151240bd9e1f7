import type { Store, StoreProduct, SubscriptionStatus } from '@linkup/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subscriptionKeys } from '@/features/subscriptions/api/keys';
import { api, isApiClientError } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';
import type { StoreBilling, StoreProof } from '@/platform/platform';

/** GET /subscriptions/{store}/account-token: the member's token, which ties a store purchase to them. */
async function storeAccountToken(store: Store): Promise<string> {
  const response = await api.get<unknown>(`/subscriptions/${store}/account-token`);
  return (await schemas()).StoreAccountTokenSchema.parse(response.data).app_account_token;
}

/** Sends a store's proof of a purchase to the server, which verifies it with the store: the member's subscription after it. */
export async function sendStoreProof(proof: StoreProof): Promise<SubscriptionStatus> {
  const response = proof.store === 'apple'
    ? await api.post<unknown>('/subscriptions/apple/transactions', { signed_transaction: proof.signedTransaction })
    : await api.post<unknown>('/subscriptions/google/purchases', { purchase_token: proof.purchaseToken });
  return (await schemas()).SubscriptionStatusSchema.parse(response.data);
}

export type StorePurchaseResult = { kind: 'bought'; status: SubscriptionStatus } | { kind: 'cancelled' } | { kind: 'pending' };

/**
 * Buys a plan's product in the store: the member's account token, the store's sheet, the proof to
 * the server (which grants premium once it has verified it), then the store's transaction finished.
 */
export async function buyInStore(billing: StoreBilling, product: StoreProduct): Promise<StorePurchaseResult> {
  const outcome = await billing.purchase(product, await storeAccountToken(billing.store));
  if (outcome.kind !== 'bought') return outcome;
  const status = await sendStoreProof(outcome.proof);
  await billing.finish(outcome.proof);
  return { kind: 'bought', status };
}

export interface RestoreResult {
  /** Purchases the server took (a restore of one it has already changes nothing there). */
  restored: number;
  /** Purchases of another account (bought with another member's token). */
  notYours: number;
  status: SubscriptionStatus | null;
}

/** Restore purchases: the member's current store subscriptions sent to the server again. */
export async function restoreFromStore(billing: StoreBilling): Promise<RestoreResult> {
  const result: RestoreResult = { restored: 0, notYours: 0, status: null };
  for (const proof of await billing.restore()) {
    try {
      result.status = await sendStoreProof(proof);
      result.restored += 1;
    } catch (error) {
      if (isApiClientError(error) && error.code === 'store_transaction_not_yours') {
        result.notYours += 1;
        continue;
      }
      throw error;
    }
    await billing.finish(proof);
  }
  return result;
}

export function useBuyInStore(billing: StoreBilling | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: StoreProduct) => {
      if (!billing) throw new Error('No store billing in this build');
      return buyInStore(billing, product);
    },
    onSuccess: (result) => {
      if (result.kind === 'bought') queryClient.setQueryData(subscriptionKeys.status(), result.status);
    },
  });
}

export function useRestorePurchases(billing: StoreBilling | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => {
      if (!billing) throw new Error('No store billing in this build');
      return restoreFromStore(billing);
    },
    onSuccess: ({ status }) => {
      if (status) queryClient.setQueryData(subscriptionKeys.status(), status);
    },
  });
}
