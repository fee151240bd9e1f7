import type { PaymentProvider, StoreProduct } from '@linkup/contract';

/** A plan as the server sells it (config): the provider charges `price_cents` every `months`. */
export interface PlanConfig {
  id: string;
  name: string;
  months: number;
  price_cents: number;
  currency: string;
}

export interface CheckoutRequest {
  paymentId: string;
  plan: PlanConfig;
  member: { id: string; email: string | null; name: string };
  /** The member's customer at this provider, when one was made before. */
  customerId: string | null;
  /** Where the provider sends the member back to (our payment-return page). */
  returnUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession {
  url: string;
  /** The provider's id of this checkout (Stripe's session id), for finding the payment again. */
  providerRef: string | null;
  /** The member's customer, when the provider made one for this checkout. */
  customerId: string | null;
}

/** A verified webhook, in the product's words. `id` is the provider's event id (applied once). */
export type ProviderEvent = { id: string; type: string } & (
  | { kind: 'checkout_paid'; paymentId: string; subscriptionRef: string | null; customerId: string | null }
  | { kind: 'checkout_failed'; paymentId: string }
  | { kind: 'checkout_cancelled'; paymentId: string }
  | { kind: 'renewal_paid'; subscriptionRef: string; invoiceRef: string; amountCents: number; currency: string; periodEnd: string | null }
  | { kind: 'renewal_failed'; subscriptionRef: string; invoiceRef: string; amountCents: number; currency: string }
  /** A refund or a chargeback: the payment by our id, the provider's invoice, or the member's customer. */
  | { kind: 'refunded'; paymentId: string | null; invoiceRef: string | null; customerId: string | null }
  | { kind: 'subscription_ended'; subscriptionRef: string }
  /**
   * A store's paid period (a purchase, renewal or upgrade): the store's own transaction, dated by
   * the store. `planId` null: not one of our products; `endsAt` null: not a subscription.
   * `accountToken` is the token we issued the member, which the app passed at purchase. `test`:
   * bought in the store's test environment (recorded as such, no revenue).
   */
  | {
    kind: 'store_purchase'; planId: string | null; accountToken: string | null; subscriptionRef: string; transactionRef: string;
    startsAt: string; endsAt: string | null; amountCents: number | null; currency: string | null; test: boolean;
  }
  /** Renewal turned off or back on in the store (the member manages it there). */
  | { kind: 'renewal_switched'; subscriptionRef: string; renews: boolean }
  | { kind: 'ignored' }
);

/**
 * Where a member's payment events come from: the web checkout's provider (Stripe, or the sandbox
 * outside production), Apple's App Store, Google Play. Each source records its events and payments
 * under its own provider name; all of them feed the one entitlement path.
 */
export type PaymentSource = 'web' | 'apple' | 'google';

/** A source of events that sells through an app store: its name (all the entitlement path needs) and its products. */
export interface StoreSource {
  readonly name: PaymentProvider;
  /** The store's product for one of our plans (what the app buys), or null when the store does not sell it. */
  productOf(planId: string): StoreProduct | null;
}

/** A verified store transaction, in our words. */
export interface StoreTransaction {
  transactionId: string;
  originalTransactionId: string;
  productId: string;
  /** Our plan for the product, or null when the product is not one of ours. */
  planId: string | null;
  /** The token the app passed at purchase (issued by us per member), lower case. */
  accountToken: string | null;
  purchasedAt: string;
  expiresAt: string | null;
  revoked: boolean;
  /** The price in cents, when the store gives it. */
  amountCents: number | null;
  currency: string | null;
  /** Bought in the store's test environment: the App Store sandbox, a Play license tester. */
  test: boolean;
}

/** The paid period a verified store transaction stands for (the `store_purchase` event without its id and type). */
export function storePurchaseEvent(transaction: StoreTransaction) {
  return {
    kind: 'store_purchase' as const, planId: transaction.planId, accountToken: transaction.accountToken,
    subscriptionRef: transaction.originalTransactionId, transactionRef: transaction.transactionId,
    startsAt: transaction.purchasedAt, endsAt: transaction.expiresAt, amountCents: transaction.amountCents, currency: transaction.currency,
    test: transaction.test,
  };
}

/** A signed store transaction or notification that does not verify (or is another app's): answered 400. */
export class StoreVerificationError extends Error {}

/** Apple's App Store: signed transactions from the app, signed server notifications (adapters/payments/app-store.ts). */
export interface AppStoreSource extends StoreSource {
  verifyTransaction(signed: string): Promise<StoreTransaction>;
  transactionEvent(transaction: StoreTransaction): ProviderEvent;
  parseNotification(signedPayload: string): Promise<ProviderEvent>;
}

/** A Play subscription purchase as the Google Play Developer API reports it now, in our words. */
export interface PlayPurchase extends StoreTransaction {
  /** The token the app got from Play Billing (what the API and notifications name the purchase by). */
  purchaseToken: string;
  /** Google's subscriptionState (SUBSCRIPTION_STATE_ACTIVE, …). */
  state: string;
  /** Whether the purchase is acknowledged (Google refunds one left unacknowledged for three days). */
  acknowledged: boolean;
}

/** A store notification about another app than this server's: answered 400, nothing changes. */
export class StoreNotificationForeignError extends Error {}

/**
 * Google Play (adapters/payments/google-play.ts): purchase tokens the app sends, and Real-time
 * developer notifications pushed by Pub/Sub — the state always fetched from the Play Developer API.
 */
export interface GooglePlaySource extends StoreSource {
  /** The purchase's state now; StoreVerificationError when Google does not know the token for this app. */
  purchase(purchaseToken: string): Promise<PlayPurchase>;
  /** The event a purchase the app reported stands for. */
  purchaseEvent(purchase: PlayPurchase): ProviderEvent;
  /**
   * Authenticates a Pub/Sub push (WebhookSignatureError), reads its notification
   * (StoreNotificationForeignError for another app) and fetches the purchase it names.
   */
  parseNotification(authorization: string | undefined, push: { messageId: string; data: string }): Promise<{ event: ProviderEvent; purchase: PlayPurchase | null }>;
  acknowledge(purchase: PlayPurchase): Promise<void>;
}

/** The configured sources: the web's provider (null: nothing sold on the web) and the stores that are configured. */
export interface PaymentSources {
  web: PaymentsProvider | null;
  apple?: AppStoreSource | null;
  google?: GooglePlaySource | null;
}

/** A webhook whose signature does not verify: answered 400, nothing changes. */
export class WebhookSignatureError extends Error {}

/**
 * A payments provider (DESIGN §2): hosted checkout, verified webhooks, renewal switches and the
 * card-change portal. Implementations: `SandboxPayments` (built in, dev and tests) and
 * `StripePayments` (when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set).
 */
export interface PaymentsProvider {
  readonly name: PaymentProvider;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Verifies the signature over the raw body and reads the event; throws WebhookSignatureError. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<ProviderEvent>;
  /** Turns renewal off (cancel at period end) or back on. */
  setCancelAtPeriodEnd(subscriptionRef: string | null, cancel: boolean): Promise<void>;
  /** The provider's page for changing the card, or null when it has none. */
  portalUrl(customerId: string, returnUrl: string): Promise<string | null>;
}
