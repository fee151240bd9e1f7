import {
  Environment, NotificationTypeV2, SignedDataVerifier, Subtype, VerificationException, VerificationStatus, type JWSTransactionDecodedPayload,
} from '@apple/app-store-server-library';
import { StoreVerificationError, storePurchaseEvent, type AppStoreSource, type ProviderEvent, type StoreTransaction } from './payments';

export interface AppleSettings {
  /** Apple's root certificates (DER), the only anchors a signed transaction may chain to. */
  rootCertificates: Buffer[];
  bundleId: string;
  environment: 'Production' | 'Sandbox';
  /** The app's Apple id; required in Production (notifications name it). */
  appAppleId: number | undefined;
  /** App Store product id → our plan id. */
  products: Record<string, string>;
  /** OCSP checks of the chain against Apple (production); else the chain is checked at its signing date. */
  onlineChecks: boolean;
}

/** What the production verifier answers for the sandbox's data: verify it again as Sandbox. */
const FALL_BACK = new Set([VerificationStatus.INVALID_ENVIRONMENT, VerificationStatus.INVALID_APP_IDENTIFIER]);

const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());

/** Notifications that carry a paid period (a purchase, a renewal, an upgrade or an offer). */
const PAID = new Set<string>([NotificationTypeV2.SUBSCRIBED, NotificationTypeV2.DID_RENEW, NotificationTypeV2.OFFER_REDEEMED, NotificationTypeV2.DID_CHANGE_RENEWAL_PREF]);
const REFUNDED = new Set<string>([NotificationTypeV2.REFUND, NotificationTypeV2.REVOKE]);
const ENDED = new Set<string>([NotificationTypeV2.EXPIRED, NotificationTypeV2.GRACE_PERIOD_EXPIRED]);

/**
 * Apple's App Store (issue 34 item 2): StoreKit 2 signed transactions the app sends after a
 * purchase or restore, and App Store Server Notifications v2 — every one verified with Apple's
 * SignedDataVerifier against the configured root certificates, bundle id and environment (never
 * skipped: the Xcode and local-testing environments, which skip it, are not accepted).
 *
 * A production server also takes the sandbox's (Apple's advice: App Review and TestFlight buy in
 * the sandbox, against the production server): what the production verifier refuses for its
 * environment alone is verified again as Sandbox. Such a purchase grants (the reviewer must see
 * Premium work) and is recorded as a test purchase (`test`), never as revenue. A sandbox server
 * takes nothing from production.
 */
export class AppStore implements AppStoreSource {
  readonly name = 'apple' as const;
  /** The configured environment's verifier, then (on a production server) the sandbox's. */
  private readonly verifiers: SignedDataVerifier[];

  constructor(private readonly settings: AppleSettings) {
    const verifier = (environment: Environment) => new SignedDataVerifier(
      settings.rootCertificates, settings.onlineChecks, environment, settings.bundleId, environment === Environment.PRODUCTION ? settings.appAppleId : undefined,
    );
    this.verifiers = settings.environment === 'Production' ? [verifier(Environment.PRODUCTION), verifier(Environment.SANDBOX)] : [verifier(Environment.SANDBOX)];
  }

  productOf(planId: string): { product_id: string; base_plan_id: null } | null {
    const productId = Object.entries(this.settings.products).find(([, plan]) => plan === planId)?.[0];
    return productId ? { product_id: productId, base_plan_id: null } : null;
  }

  /**
   * Verifies with each environment in turn while the one before refused the data's environment or
   * app (a sandbox notification has no app id, which the production verifier checks first). The
   * next verifier checks everything again on its own terms: another app is refused there too.
   */
  private async verified<T>(verify: (verifier: SignedDataVerifier) => Promise<T>): Promise<T> {
    for (const [index, verifier] of this.verifiers.entries()) {
      try {
        return await verify(verifier);
      } catch (err) {
        const last = index === this.verifiers.length - 1;
        if (last || !(err instanceof VerificationException) || !FALL_BACK.has(err.status)) throw err;
      }
    }
    throw new StoreVerificationError('no App Store environment configured');
  }

  async verifyTransaction(signed: string): Promise<StoreTransaction> {
    try {
      return this.toTransaction(await this.verified((verifier) => verifier.verifyAndDecodeTransaction(signed)));
    } catch (err) {
      if (err instanceof VerificationException) throw new StoreVerificationError(`App Store transaction not verified (${err.status})`);
      throw err;
    }
  }

  /** The event a transaction the app sent stands for: a paid period, or its revocation. */
  transactionEvent(transaction: StoreTransaction): ProviderEvent {
    const base = { id: `transaction:${transaction.transactionId}:${transaction.revoked ? 'revoked' : 'paid'}`, type: 'app.transaction' };
    if (transaction.revoked) return { ...base, kind: 'refunded', paymentId: null, invoiceRef: transaction.transactionId, customerId: null };
    return { ...base, ...storePurchaseEvent(transaction) };
  }

  /** Verifies a notification's signedPayload (and the transaction inside it) and reads it as one event. */
  async parseNotification(signedPayload: string): Promise<ProviderEvent> {
    let transaction: StoreTransaction | null = null;
    let base: { id: string; type: string };
    let notificationType: string | undefined;
    let subtype: string | undefined;
    try {
      const { notification, verifier } = await this.verified(async (candidate) => ({ notification: await candidate.verifyAndDecodeNotification(signedPayload), verifier: candidate }));
      if (!notification.notificationUUID) throw new StoreVerificationError('App Store notification without an id');
      notificationType = notification.notificationType;
      subtype = notification.subtype;
      base = { id: notification.notificationUUID, type: [notificationType, subtype].filter(Boolean).join('.').slice(0, 64) || 'unknown' };
      const signedTransaction = notification.data?.signedTransactionInfo;
      // The transaction inside is of the notification's environment: the verifier that took the notification.
      if (signedTransaction) transaction = this.toTransaction(await verifier.verifyAndDecodeTransaction(signedTransaction));
    } catch (err) {
      if (err instanceof VerificationException) throw new StoreVerificationError(`App Store notification not verified (${err.status})`);
      throw err;
    }
    if (!transaction || !notificationType) return { ...base, kind: 'ignored' };
    if (PAID.has(notificationType) && !transaction.revoked) {
      // A downgrade takes effect at the next renewal (its own DID_RENEW); an upgrade is a new transaction now.
      if (notificationType === NotificationTypeV2.DID_CHANGE_RENEWAL_PREF && subtype !== Subtype.UPGRADE) return { ...base, kind: 'ignored' };
      return { ...base, ...storePurchaseEvent(transaction) };
    }
    if (REFUNDED.has(notificationType)) return { ...base, kind: 'refunded', paymentId: null, invoiceRef: transaction.transactionId, customerId: null };
    if (ENDED.has(notificationType)) return { ...base, kind: 'subscription_ended', subscriptionRef: transaction.originalTransactionId };
    if (notificationType === NotificationTypeV2.DID_CHANGE_RENEWAL_STATUS) {
      return { ...base, kind: 'renewal_switched', subscriptionRef: transaction.originalTransactionId, renews: subtype === Subtype.AUTO_RENEW_ENABLED };
    }
    return { ...base, kind: 'ignored' };
  }

  private toTransaction(payload: JWSTransactionDecodedPayload): StoreTransaction {
    const { transactionId, originalTransactionId, productId, purchaseDate } = payload;
    if (!transactionId || !originalTransactionId || !productId || purchaseDate === undefined) {
      throw new StoreVerificationError('App Store transaction without its ids');
    }
    return {
      transactionId, originalTransactionId, productId,
      planId: this.settings.products[productId] ?? null,
      accountToken: payload.appAccountToken ? payload.appAccountToken.toLowerCase() : null,
      purchasedAt: iso(purchaseDate)!,
      expiresAt: iso(payload.expiresDate),
      revoked: payload.revocationDate !== undefined,
      amountCents: typeof payload.price === 'number' ? Math.round(payload.price / 10) : null,
      currency: payload.currency ?? null,
      test: payload.environment !== Environment.PRODUCTION,
    };
  }
}
