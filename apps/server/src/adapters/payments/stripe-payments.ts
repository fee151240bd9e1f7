import Stripe from 'stripe';
import { z } from 'zod';
import { WebhookSignatureError, type CheckoutRequest, type CheckoutSession, type PaymentsProvider, type ProviderEvent } from './payments';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Tests only: a local fake Stripe API (the SDK takes host, port and protocol). */
  apiUrl?: string | undefined;
}

const id = z.string().min(1);
/** A field Stripe sends either as an id or as the expanded object. */
const ref = z.union([id, z.object({ id })]).transform((value) => (typeof value === 'string' ? value : value.id));

const SessionSchema = z.object({
  id,
  client_reference_id: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  payment_status: z.string().nullish(),
  subscription: ref.nullish(),
  customer: ref.nullish(),
});

const InvoiceSchema = z.object({
  id,
  billing_reason: z.string().nullish(),
  amount_paid: z.number().int().nullish(),
  amount_due: z.number().int().nullish(),
  currency: z.string(),
  customer: ref.nullish(),
  /** Before API 2025-03-31 the subscription was a field of the invoice; since, it is under `parent`. */
  subscription: ref.nullish(),
  parent: z.object({ subscription_details: z.object({ subscription: ref.nullish() }).nullish() }).nullish(),
  lines: z.object({ data: z.array(z.object({ period: z.object({ end: z.number().int() }).nullish() })) }).nullish(),
});

const ChargeSchema = z.object({ id, customer: ref.nullish(), refunded: z.boolean().nullish() });
const DisputeSchema = z.object({ id, charge: ref });
const SubscriptionSchema = z.object({ id });

const RENEWAL = 'subscription_cycle';
const toIso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

/**
 * Stripe (when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set): Checkout Sessions in
 * subscription mode priced from our plans (no prices to create in the dashboard), one customer
 * per member, cancel at period end through the subscription, the customer portal for cards, and
 * webhooks verified with the SDK's constructEvent over the raw body.
 */
export class StripePayments implements PaymentsProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 1,
      timeout: 15_000,
      ...(api ? { host: api.hostname, port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)), protocol: api.protocol === 'https:' ? 'https' : 'http' } : {}),
    });
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const customerId = request.customerId ?? (await this.stripe.customers.create({
      ...(request.member.email ? { email: request.member.email } : {}), name: request.member.name, metadata: { user_id: request.member.id },
    })).id;
    const { plan } = request;
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: request.paymentId,
      metadata: { payment_id: request.paymentId },
      subscription_data: { metadata: { payment_id: request.paymentId, user_id: request.member.id } },
      line_items: [{
        quantity: 1,
        price_data: {
          currency: plan.currency.toLowerCase(),
          unit_amount: plan.price_cents,
          recurring: { interval: 'month', interval_count: plan.months },
          product_data: { name: `LinkUp Premium — ${plan.name}` },
        },
      }],
      success_url: request.returnUrl,
      cancel_url: request.cancelUrl,
    }, { idempotencyKey: `checkout-${request.paymentId}` });
    if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
    return { url: session.url, providerRef: session.id, customerId };
  }

  async parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<ProviderEvent> {
    const header = headers['stripe-signature'];
    let event: { id: string; type: string; data: { object: unknown } };
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, Array.isArray(header) ? header[0] ?? '' : header ?? '', this.settings.webhookSecret);
    } catch {
      throw new WebhookSignatureError('bad Stripe signature');
    }
    try {
      return await this.toProviderEvent(event);
    } catch (err) {
      // A verified event without the fields we read is not ours to act on.
      if (err instanceof z.ZodError) return { id: event.id, type: event.type, kind: 'ignored' };
      throw err;
    }
  }

  private async toProviderEvent(event: { id: string; type: string; data: { object: unknown } }): Promise<ProviderEvent> {
    const base = { id: event.id, type: event.type };
    const object = event.data.object;
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = SessionSchema.parse(object);
        const paymentId = session.client_reference_id ?? session.metadata?.payment_id;
        if (!paymentId || (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required')) return { ...base, kind: 'ignored' };
        return { ...base, kind: 'checkout_paid', paymentId, subscriptionRef: session.subscription ?? null, customerId: session.customer ?? null };
      }
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired': {
        const session = SessionSchema.parse(object);
        const paymentId = session.client_reference_id ?? session.metadata?.payment_id;
        if (!paymentId) return { ...base, kind: 'ignored' };
        return { ...base, kind: event.type === 'checkout.session.expired' ? 'checkout_cancelled' : 'checkout_failed', paymentId };
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        // The first invoice is the checkout's (granted by checkout.session.completed); only renewals count here.
        const invoice = InvoiceSchema.parse(object);
        const subscriptionRef = invoice.parent?.subscription_details?.subscription ?? invoice.subscription;
        if (invoice.billing_reason !== RENEWAL || !subscriptionRef) return { ...base, kind: 'ignored' };
        const common = { subscriptionRef, invoiceRef: invoice.id, currency: invoice.currency.toUpperCase() };
        if (event.type === 'invoice.payment_failed') return { ...base, kind: 'renewal_failed', ...common, amountCents: invoice.amount_due ?? 0 };
        const end = invoice.lines?.data[0]?.period?.end;
        return { ...base, kind: 'renewal_paid', ...common, amountCents: invoice.amount_paid ?? 0, periodEnd: end ? toIso(end) : null };
      }
      case 'charge.refunded': {
        const charge = ChargeSchema.parse(object);
        if (!charge.refunded || !charge.customer) return { ...base, kind: 'ignored' };
        return { ...base, kind: 'refunded', paymentId: null, invoiceRef: null, customerId: charge.customer };
      }
      case 'charge.dispute.created': {
        const dispute = DisputeSchema.parse(object);
        const charge = ChargeSchema.parse(await this.stripe.charges.retrieve(dispute.charge));
        return charge.customer ? { ...base, kind: 'refunded', paymentId: null, invoiceRef: null, customerId: charge.customer } : { ...base, kind: 'ignored' };
      }
      case 'customer.subscription.deleted':
        return { ...base, kind: 'subscription_ended', subscriptionRef: SubscriptionSchema.parse(object).id };
      default:
        return { ...base, kind: 'ignored' };
    }
  }

  async setCancelAtPeriodEnd(subscriptionRef: string | null, cancel: boolean): Promise<void> {
    if (!subscriptionRef) throw new Error('This Stripe subscription has no id yet');
    await this.stripe.subscriptions.update(subscriptionRef, { cancel_at_period_end: cancel });
  }

  async portalUrl(customerId: string, returnUrl: string): Promise<string | null> {
    const session = await this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
    return session.url;
  }
}
