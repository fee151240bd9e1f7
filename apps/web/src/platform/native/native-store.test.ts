import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createStoreBilling } from '@/platform/native/native-store';

/** @capgo/native-purchases as StoreKit and Play Billing answer through it (it rejects with a message). */
const plugin = vi.hoisted(() => ({
  purchaseProduct: vi.fn(),
  acknowledgePurchase: vi.fn(async () => {}),
  restorePurchases: vi.fn(async () => {}),
  getPurchases: vi.fn(),
  manageSubscriptions: vi.fn(async () => {}),
}));
vi.mock('@capgo/native-purchases', () => ({ NativePurchases: plugin, PURCHASE_TYPE: { INAPP: 'inapp', SUBS: 'subs' } }));

const transaction = (over: Record<string, unknown>) => ({ transactionId: '2000001', productIdentifier: 'p', purchaseDate: '2026-11-28T10:00:00Z', willCancel: null, ...over });

beforeEach(() => vi.clearAllMocks());

describe('native store billing', () => {
  it('iOS: buys the subscription with the account token, finishing nothing until the server has it; the proof is the signed transaction', async () => {
    const apple = createStoreBilling('ios');
    plugin.purchaseProduct.mockResolvedValueOnce(transaction({ jwsRepresentation: 'header.payload.signature' }));
    const outcome = await apple.purchase({ product_id: 'app.linkup.premium.1m', base_plan_id: null }, 'token-uuid');
    expect(plugin.purchaseProduct).toHaveBeenCalledWith({
      productIdentifier: 'app.linkup.premium.1m', productType: 'subs', appAccountToken: 'token-uuid', autoAcknowledgePurchases: false,
    });
    expect(outcome).toEqual({ kind: 'bought', proof: { store: 'apple', signedTransaction: 'header.payload.signature', transactionId: '2000001' } });
    expect(plugin.acknowledgePurchase).not.toHaveBeenCalled();
    if (outcome.kind === 'bought') await apple.finish(outcome.proof);
    expect(plugin.acknowledgePurchase).toHaveBeenCalledWith({ purchaseToken: '2000001' });
  });

  it('Android: buys the product’s base plan; the proof is the purchase token, which the server acknowledges', async () => {
    const google = createStoreBilling('android');
    plugin.purchaseProduct.mockResolvedValueOnce(transaction({ purchaseToken: 'play-token' }));
    const outcome = await google.purchase({ product_id: 'linkup_premium_1m', base_plan_id: 'monthly' }, 'token-uuid');
    expect(plugin.purchaseProduct).toHaveBeenCalledWith(expect.objectContaining({ productIdentifier: 'linkup_premium_1m', planIdentifier: 'monthly', productType: 'subs' }));
    expect(outcome).toEqual({ kind: 'bought', proof: { store: 'google', purchaseToken: 'play-token' } });
    if (outcome.kind === 'bought') await google.finish(outcome.proof);
    expect(plugin.acknowledgePurchase).not.toHaveBeenCalled();
  });

  it('tells a closed sheet and a pending purchase from a failure', async () => {
    const apple = createStoreBilling('ios');
    const product = { product_id: 'p', base_plan_id: null };
    plugin.purchaseProduct.mockRejectedValueOnce(new Error('User cancelled'));
    await expect(apple.purchase(product, 't')).resolves.toEqual({ kind: 'cancelled' });
    plugin.purchaseProduct.mockRejectedValueOnce(new Error('Transaction pending'));
    await expect(apple.purchase(product, 't')).resolves.toEqual({ kind: 'pending' });
    plugin.purchaseProduct.mockRejectedValueOnce(new Error('Product not found'));
    await expect(apple.purchase(product, 't')).rejects.toThrow('Product not found');
    plugin.purchaseProduct.mockResolvedValueOnce(transaction({}));
    await expect(apple.purchase(product, 't')).rejects.toThrow(/without its proof/);
  });

  it('restore syncs with the App Store and answers the current, unrevoked subscriptions', async () => {
    plugin.getPurchases.mockResolvedValue({
      purchases: [
        transaction({ transactionId: '1', jwsRepresentation: 'a.b.c', isActive: true }),
        transaction({ transactionId: '2', jwsRepresentation: 'd.e.f', isActive: false }),
        transaction({ transactionId: '3', jwsRepresentation: 'g.h.i', revocationDate: '2026-11-01T00:00:00Z' }),
      ],
    });
    expect(await createStoreBilling('ios').restore()).toEqual([{ store: 'apple', signedTransaction: 'a.b.c', transactionId: '1' }]);
    expect(plugin.restorePurchases).toHaveBeenCalledTimes(1);
    expect(plugin.getPurchases).toHaveBeenCalledWith({ productType: 'subs' });

    plugin.getPurchases.mockResolvedValue({ purchases: [transaction({ purchaseToken: 'play-token' })] });
    expect(await createStoreBilling('android').restore()).toEqual([{ store: 'google', purchaseToken: 'play-token' }]);
    expect(plugin.restorePurchases).toHaveBeenCalledTimes(1); // Play has nothing to sync
  });
});
