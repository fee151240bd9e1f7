import { NativePurchases, PURCHASE_TYPE, type Transaction } from '@capgo/native-purchases';
import type { StoreBilling, StoreOutcome, StoreProof } from '@/platform/platform';

type NativeName = 'android' | 'ios';

/** The plugin's words (it rejects with a message) for a sheet the member closed and a purchase waiting for payment. */
const CANCELLED = /cancel/i;
const PENDING = /pending/i;

/** What the server verifies of a transaction: StoreKit's signed transaction, Play's purchase token. */
export function proofOf(name: NativeName, transaction: Transaction): StoreProof | null {
  if (name === 'ios') {
    return transaction.jwsRepresentation ? { store: 'apple', signedTransaction: transaction.jwsRepresentation, transactionId: transaction.transactionId } : null;
  }
  return transaction.purchaseToken ? { store: 'google', purchaseToken: transaction.purchaseToken } : null;
}

/**
 * Store billing through `@capgo/native-purchases` (StoreKit 2 on iOS, Play Billing on Android).
 * Nothing is acknowledged or finished on the device before the server has verified it
 * (`autoAcknowledgePurchases: false`): Play's purchase is acknowledged by the server, StoreKit's
 * transaction finished here once the server has it (`finish`).
 */
export function createStoreBilling(name: NativeName): StoreBilling {
  return {
    store: name === 'ios' ? 'apple' : 'google',
    async purchase(product, accountToken): Promise<StoreOutcome> {
      let transaction: Transaction;
      try {
        transaction = await NativePurchases.purchaseProduct({
          productIdentifier: product.product_id,
          ...(product.base_plan_id ? { planIdentifier: product.base_plan_id } : {}),
          productType: PURCHASE_TYPE.SUBS,
          appAccountToken: accountToken,
          autoAcknowledgePurchases: false,
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (CANCELLED.test(message)) return { kind: 'cancelled' };
        if (PENDING.test(message)) return { kind: 'pending' };
        throw error;
      }
      const proof = proofOf(name, transaction);
      if (!proof) throw new Error('The store answered a purchase without its proof');
      return { kind: 'bought', proof };
    },
    async finish(proof) {
      if (proof.store === 'apple') await NativePurchases.acknowledgePurchase({ purchaseToken: proof.transactionId });
    },
    async restore() {
      // iOS: AppStore.sync() (may ask the member to sign in to the store); Android: nothing to sync.
      if (name === 'ios') await NativePurchases.restorePurchases();
      const { purchases } = await NativePurchases.getPurchases({ productType: PURCHASE_TYPE.SUBS });
      return purchases
        .filter((transaction) => transaction.isActive !== false && !transaction.revocationDate)
        .map((transaction) => proofOf(name, transaction))
        .filter((proof): proof is StoreProof => proof !== null);
    },
    manage: () => NativePurchases.manageSubscriptions(),
  };
}
