import type { PaymentProvider } from '@linkup/contract';

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
  | { kind: 'ignored' }
);

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
