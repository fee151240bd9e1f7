import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../../lib/clock';
import { WebhookSignatureError, type CheckoutRequest, type CheckoutSession, type PaymentsProvider, type ProviderEvent } from './payments';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** Signatures older than this are refused (a replayed capture cannot be sent later). */
const SIGNATURE_TOLERANCE_S = 300;

const SANDBOX_EVENT_TYPES = [
  'checkout.paid', 'checkout.declined', 'checkout.cancelled', 'renewal.paid', 'renewal.failed', 'payment.refunded', 'subscription.ended',
] as const;
export type SandboxEventType = (typeof SANDBOX_EVENT_TYPES)[number];

const SandboxEventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.enum(SANDBOX_EVENT_TYPES),
  data: z.object({
    payment_id: z.string().max(64).optional(),
    subscription_ref: z.string().max(255).optional(),
    invoice_ref: z.string().max(255).optional(),
    amount_cents: z.number().int().min(0).optional(),
    currency: z.string().length(3).optional(),
    period_end: z.string().max(40).optional(),
  }),
});
export type SandboxEvent = z.infer<typeof SandboxEventSchema>;

/** What the sandbox checkout page shows, signed into its URL so the page needs no database. */
const CheckoutTicketSchema = z.object({
  payment_id: z.string(), plan_name: z.string(), amount_cents: z.number().int(), currency: z.string(), return_url: z.string(), cancel_url: z.string(),
});
export type CheckoutTicket = z.infer<typeof CheckoutTicketSchema>;

const hmac = (key: string, text: string) => createHmac('sha256', key).update(text).digest('hex');

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The `x-sandbox-signature` header for a body: `t=<unix seconds>,v1=<HMAC-SHA256 of "t.body">`. */
export function signSandboxWebhook(secret: string, body: string, at: number): string {
  return `t=${at},v1=${hmac(secret, `${at}.${body}`)}`;
}

/** The sandbox subscription of a first payment: renewals and refunds name it. */
export const sandboxSubscriptionRef = (paymentId: string) => `sandbox_sub_${paymentId}`;

/**
 * The built-in provider (DESIGN §2): a checkout page served by this server outside production
 * (Pay, Decline, Cancel) that sends signed webhooks to the same endpoint a real provider uses,
 * so the whole purchase runs on `npm start` with no account. Its webhook secret derives from the
 * app secret (kept in DATA_DIR outside production).
 */
export class SandboxPayments implements PaymentsProvider {
  readonly name = 'sandbox' as const;
  readonly webhookSecret: string;

  /** `clock`: the time a webhook's signature is made and judged at (the app's clock, which a test holds). */
  constructor(appSecret: string, private readonly clock: Clock) {
    this.webhookSecret = hmac(appSecret, 'sandbox-payments-webhook');
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const ticket: CheckoutTicket = {
      payment_id: request.paymentId, plan_name: request.plan.name, amount_cents: request.plan.price_cents, currency: request.plan.currency,
      return_url: samePath(request.returnUrl), cancel_url: samePath(request.cancelUrl),
    };
    // This server serves the checkout page itself: same-origin paths work on whichever address the
    // member opened the app (a LAN IP, another port), and the page can only send them back here.
    return { url: `/sandbox/checkout?ticket=${encodeURIComponent(this.signTicket(ticket))}`, providerRef: null, customerId: null };
  }

  signTicket(ticket: CheckoutTicket): string {
    const body = Buffer.from(JSON.stringify(ticket)).toString('base64url');
    return `${body}.${hmac(this.webhookSecret, `ticket.${body}`)}`;
  }

  /** The checkout a ticket describes, or null when it was not signed by this server. */
  readTicket(ticket: string): CheckoutTicket | null {
    const [body, signature] = ticket.split('.');
    if (!body || !signature || !safeEqual(signature, hmac(this.webhookSecret, `ticket.${body}`))) return null;
    const parsed = CheckoutTicketSchema.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  }

  /** A signed event as the sandbox sends it: the JSON body and its signature header. */
  event(type: SandboxEventType, data: SandboxEvent['data']): { body: string; signature: string } {
    const body = JSON.stringify({ id: `sandbox_evt_${randomBytes(12).toString('hex')}`, type, data });
    return { body, signature: signSandboxWebhook(this.webhookSecret, body, this.nowS()) };
  }

  private nowS(): number {
    return Math.floor(this.clock.now().getTime() / 1000);
  }

  async parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<ProviderEvent> {
    const header = headers[SANDBOX_SIGNATURE_HEADER];
    const parts = Object.fromEntries(String(Array.isArray(header) ? header[0] : header ?? '').split(',').map((part) => part.split('=', 2) as [string, string]));
    const at = Number(parts.t);
    const body = rawBody.toString('utf8');
    if (!Number.isInteger(at) || Math.abs(this.nowS() - at) > SIGNATURE_TOLERANCE_S || !parts.v1 || !safeEqual(parts.v1, hmac(this.webhookSecret, `${at}.${body}`))) {
      throw new WebhookSignatureError('bad sandbox signature');
    }
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw new WebhookSignatureError('sandbox body is not JSON');
    }
    const parsed = SandboxEventSchema.safeParse(json);
    if (!parsed.success) throw new WebhookSignatureError('not a sandbox event');
    return toProviderEvent(parsed.data);
  }

  async setCancelAtPeriodEnd(): Promise<void> {
    // The sandbox keeps no subscription of its own: our billing row is the whole state.
  }

  async portalUrl(): Promise<string | null> {
    return null;
  }
}

function toProviderEvent(event: SandboxEvent): ProviderEvent {
  const { id, type, data } = event;
  const base = { id, type };
  const paymentId = data.payment_id ?? '';
  switch (type) {
    case 'checkout.paid':
      return { ...base, kind: 'checkout_paid', paymentId, subscriptionRef: sandboxSubscriptionRef(paymentId), customerId: null };
    case 'checkout.declined':
      return { ...base, kind: 'checkout_failed', paymentId };
    case 'checkout.cancelled':
      return { ...base, kind: 'checkout_cancelled', paymentId };
    case 'renewal.paid':
    case 'renewal.failed': {
      const common = {
        subscriptionRef: data.subscription_ref ?? '', invoiceRef: data.invoice_ref ?? id, amountCents: data.amount_cents ?? 0, currency: data.currency ?? 'ZAR',
      };
      return type === 'renewal.paid' ? { ...base, kind: 'renewal_paid', ...common, periodEnd: data.period_end ?? null } : { ...base, kind: 'renewal_failed', ...common };
    }
    case 'payment.refunded':
      return { ...base, kind: 'refunded', paymentId: data.payment_id ?? null, invoiceRef: data.invoice_ref ?? null, customerId: null };
    case 'subscription.ended':
      return { ...base, kind: 'subscription_ended', subscriptionRef: data.subscription_ref ?? '' };
  }
}

/** The path, query and fragment of an absolute or relative URL (always starting with one '/'). */
function samePath(url: string): string {
  const parsed = new URL(url, 'http://sandbox.invalid');
  return `/${`${parsed.pathname}${parsed.search}${parsed.hash}`.replace(/^\/+/, '')}`;
}
