import { createHash } from 'node:crypto';
import { z } from 'zod';
import { GoogleAccessTokens, type ServiceAccount } from '../google-service-account';
import { GoogleIdTokens, IdTokenError } from '../google-id-token';
import {
  StoreNotificationForeignError, StoreVerificationError, WebhookSignatureError, storePurchaseEvent,
  type GooglePlaySource, type PlanConfig, type PlayPurchase, type ProviderEvent,
} from './payments';

export interface GooglePlaySettings {
  packageName: string;
  serviceAccount: ServiceAccount;
  /** Play product (subscription) id → our plan id, and the product's base plan the app buys. */
  products: Record<string, { planId: string; basePlanId: string }>;
  plans: readonly PlanConfig[];
  /** The Play Developer API's origin (a local fake in tests). */
  apiUrl: string;
  /** Pub/Sub push authentication: the subscription's audience and service account, and Google's signing keys. */
  push: { audience: string; email: string; certsUrl: string };
}

const SCOPE = 'https://www.googleapis.com/auth/androidpublisher';
const REQUEST_TIMEOUT_MS = 10_000;

/** States in which the latest paid period is the member's (a cancelled one runs to its end; grace keeps access). */
const GRANTING = new Set(['SUBSCRIPTION_STATE_ACTIVE', 'SUBSCRIPTION_STATE_CANCELED', 'SUBSCRIPTION_STATE_IN_GRACE_PERIOD']);

/** SubscriptionNotification.notificationType (Real-time developer notifications). */
const NOTIFICATION = {
  RECOVERED: 1, RENEWED: 2, CANCELED: 3, PURCHASED: 4, ON_HOLD: 5, IN_GRACE_PERIOD: 6, RESTARTED: 7, REVOKED: 12, EXPIRED: 13,
} as const;
const NOTIFICATION_NAMES = new Map<number, string>(Object.entries(NOTIFICATION).map(([name, code]) => [code, name]));

const MoneySchema = z.object({ currencyCode: z.string().regex(/^[A-Z]{3}$/), units: z.union([z.string(), z.number()]).optional(), nanos: z.number().optional() });

/** What we read of a SubscriptionPurchaseV2 (purchases.subscriptionsv2.get). */
const SubscriptionV2Schema = z.object({
  subscriptionState: z.string(),
  startTime: z.string().optional(),
  latestOrderId: z.string().optional(),
  acknowledgementState: z.string().optional(),
  testPurchase: z.object({}).loose().optional(),
  externalAccountIdentifiers: z.object({ obfuscatedExternalAccountId: z.string().optional() }).loose().optional(),
  lineItems: z.array(z.object({
    productId: z.string(),
    expiryTime: z.string().optional(),
    latestSuccessfulOrderId: z.string().optional(),
    autoRenewingPlan: z.object({ autoRenewEnabled: z.boolean().optional(), recurringPrice: MoneySchema.optional() }).loose().optional(),
  }).loose()).min(1),
}).loose();

/** The DeveloperNotification inside a push (base64 JSON). */
const DeveloperNotificationSchema = z.object({
  packageName: z.string(),
  subscriptionNotification: z.object({ notificationType: z.number().int(), purchaseToken: z.string().min(1).max(4096) }).loose().optional(),
}).loose();

/** The agreement a purchase token stands for: tokens are long and opaque, so the stored reference is their SHA-256. */
export const playSubscriptionRef = (purchaseToken: string) => createHash('sha256').update(purchaseToken).digest('hex');

function cents(money: z.infer<typeof MoneySchema> | undefined): number | null {
  if (!money) return null;
  const units = Number(money.units ?? 0);
  return Number.isFinite(units) ? Math.round(units * 100 + (money.nanos ?? 0) / 1e7) : null;
}

function monthsBefore(iso: string, months: number): string {
  const date = new Date(iso);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString();
}

/**
 * Google Play billing (issue 34 item 2), through the Play Developer API over HTTP with the
 * service account's OAuth token: `purchases.subscriptionsv2.get` is the truth about a purchase —
 * what the app reports and what a Real-time developer notification names are both fetched from it
 * (a notification's body is never trusted beyond the token it names) — and `:acknowledge` confirms
 * a granted purchase (Google refunds one left unacknowledged). Pushes are authenticated by the
 * Pub/Sub subscription's OIDC token (adapters/google-id-token.ts).
 */
export class GooglePlay implements GooglePlaySource {
  readonly name = 'google' as const;
  private readonly tokens: GoogleAccessTokens;
  private readonly idTokens: GoogleIdTokens;

  constructor(private readonly settings: GooglePlaySettings) {
    this.tokens = new GoogleAccessTokens(settings.serviceAccount, SCOPE, REQUEST_TIMEOUT_MS);
    this.idTokens = new GoogleIdTokens({ ...settings.push, timeoutMs: REQUEST_TIMEOUT_MS });
  }

  private url(path: string): string {
    return `${this.settings.apiUrl}/androidpublisher/v3/applications/${encodeURIComponent(this.settings.packageName)}/purchases/${path}`;
  }

  private async call(method: 'GET' | 'POST', url: string, body?: object): Promise<Response> {
    const response = await fetch(url, {
      method,
      headers: { authorization: `Bearer ${await this.tokens.token()}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (response.status === 401) this.tokens.forget();
    return response;
  }

  productOf(planId: string): { product_id: string; base_plan_id: string } | null {
    const entry = Object.entries(this.settings.products).find(([, product]) => product.planId === planId);
    return entry ? { product_id: entry[0], base_plan_id: entry[1].basePlanId } : null;
  }

  async purchase(purchaseToken: string): Promise<PlayPurchase> {
    const response = await this.call('GET', this.url(`subscriptionsv2/tokens/${encodeURIComponent(purchaseToken)}`));
    // 400 (not a token of this app), 404, 410 (expired more than 60 days ago): Google does not know it.
    if ([400, 404, 410].includes(response.status)) throw new StoreVerificationError(`Play purchase token refused (${response.status})`);
    if (!response.ok) throw new Error(`Play Developer API answered ${response.status}`);
    const parsed = SubscriptionV2Schema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new Error('Play Developer API answered an unreadable subscription');
    return this.toPurchase(purchaseToken, parsed.data);
  }

  purchaseEvent(purchase: PlayPurchase): ProviderEvent {
    const base = { id: `purchase:${purchase.transactionId}`, type: 'play.purchase' };
    return GRANTING.has(purchase.state) && purchase.expiresAt ? { ...base, ...storePurchaseEvent(purchase) } : { ...base, kind: 'ignored' };
  }

  async parseNotification(authorization: string | undefined, push: { messageId: string; data: string }): Promise<{ event: ProviderEvent; purchase: PlayPurchase | null }> {
    try {
      await this.idTokens.verify(authorization);
    } catch (err) {
      if (err instanceof IdTokenError) throw new WebhookSignatureError(`Pub/Sub push not authenticated: ${err.message}`);
      throw err;
    }
    let notification: z.infer<typeof DeveloperNotificationSchema>;
    try {
      notification = DeveloperNotificationSchema.parse(JSON.parse(Buffer.from(push.data, 'base64').toString('utf8')));
    } catch {
      throw new StoreVerificationError('not a Play developer notification');
    }
    if (notification.packageName !== this.settings.packageName) throw new StoreNotificationForeignError(`notification for ${notification.packageName}`);
    const id = `rtdn:${push.messageId}`;
    const subscription = notification.subscriptionNotification;
    const type = subscription ? NOTIFICATION_NAMES.get(subscription.notificationType) : undefined;
    // Test notifications, one-time products, voided purchases (a revocation comes as REVOKED) and the rest: recorded, nothing changes.
    if (!subscription || !type) return { event: { id, type: 'rtdn.other', kind: 'ignored' }, purchase: null };
    const purchase = await this.purchase(subscription.purchaseToken);
    return { event: { id, type: `rtdn.${type}`, ...this.notificationEvent(subscription.notificationType, purchase) }, purchase };
  }

  /** What a notification means, read from the purchase's state now (a type the state does not bear out changes nothing). */
  private notificationEvent(type: number, purchase: PlayPurchase): DistributiveOmit<ProviderEvent, 'id' | 'type'> {
    const { state } = purchase;
    const subscriptionRef = purchase.originalTransactionId;
    switch (type) {
      case NOTIFICATION.PURCHASED:
      case NOTIFICATION.RENEWED:
      case NOTIFICATION.RECOVERED:
        return GRANTING.has(state) && purchase.expiresAt ? storePurchaseEvent(purchase) : { kind: 'ignored' };
      case NOTIFICATION.RESTARTED:
        return state === 'SUBSCRIPTION_STATE_ACTIVE' ? { kind: 'renewal_switched', subscriptionRef, renews: true } : { kind: 'ignored' };
      case NOTIFICATION.CANCELED:
        if (state === 'SUBSCRIPTION_STATE_CANCELED') return { kind: 'renewal_switched', subscriptionRef, renews: false };
        return state === 'SUBSCRIPTION_STATE_EXPIRED' ? { kind: 'subscription_ended', subscriptionRef } : { kind: 'ignored' };
      case NOTIFICATION.IN_GRACE_PERIOD: {
        if (state !== 'SUBSCRIPTION_STATE_IN_GRACE_PERIOD') return { kind: 'ignored' };
        const plan = this.plan(purchase.planId);
        // The renewal failed and Google retries it: our grace (the web's path), as a failed payment of its own reference.
        return {
          kind: 'renewal_failed', subscriptionRef, invoiceRef: `${purchase.transactionId}:grace`,
          amountCents: purchase.amountCents ?? plan?.price_cents ?? 0, currency: purchase.currency ?? plan?.currency ?? 'ZAR',
        };
      }
      case NOTIFICATION.ON_HOLD:
      case NOTIFICATION.EXPIRED:
        return ['SUBSCRIPTION_STATE_ON_HOLD', 'SUBSCRIPTION_STATE_EXPIRED'].includes(state) ? { kind: 'subscription_ended', subscriptionRef } : { kind: 'ignored' };
      case NOTIFICATION.REVOKED:
        // Revoked: the latest order is refunded and the subscription expired at once.
        return state === 'SUBSCRIPTION_STATE_EXPIRED' ? { kind: 'refunded', paymentId: null, invoiceRef: purchase.transactionId, customerId: null } : { kind: 'ignored' };
      default:
        return { kind: 'ignored' };
    }
  }

  async acknowledge(purchase: PlayPurchase): Promise<void> {
    if (purchase.acknowledged) return;
    const response = await this.call('POST', this.url(`subscriptions/${encodeURIComponent(purchase.productId)}/tokens/${encodeURIComponent(purchase.purchaseToken)}:acknowledge`), {});
    if (!response.ok) throw new Error(`Play acknowledge answered ${response.status}`);
  }

  private plan(planId: string | null): PlanConfig | undefined {
    return planId ? this.settings.plans.find((plan) => plan.id === planId) : undefined;
  }

  private toPurchase(purchaseToken: string, subscription: z.infer<typeof SubscriptionV2Schema>): PlayPurchase {
    const item = subscription.lineItems[0]!;
    const orderId = item.latestSuccessfulOrderId ?? subscription.latestOrderId;
    const planId = this.settings.products[item.productId]?.planId ?? null;
    const expiresAt = item.expiryTime ? new Date(item.expiryTime).toISOString() : null;
    const startTime = subscription.startTime ? new Date(subscription.startTime).toISOString() : null;
    const months = this.plan(planId)?.months ?? 1;
    // Google dates the end of the paid period; it began a plan's length before (not before the subscription began).
    const periodStart = expiresAt ? monthsBefore(expiresAt, months) : startTime;
    const purchasedAt = startTime && periodStart && startTime > periodStart ? startTime : periodStart;
    const price = item.autoRenewingPlan?.recurringPrice;
    return {
      purchaseToken,
      state: subscription.subscriptionState,
      acknowledged: subscription.acknowledgementState === 'ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED',
      // A pending purchase has no order yet: it grants nothing (its event is ignored).
      transactionId: orderId ?? `pending:${playSubscriptionRef(purchaseToken)}`,
      originalTransactionId: playSubscriptionRef(purchaseToken),
      productId: item.productId,
      planId,
      accountToken: subscription.externalAccountIdentifiers?.obfuscatedExternalAccountId?.toLowerCase() ?? null,
      purchasedAt: purchasedAt ?? new Date(0).toISOString(),
      expiresAt: orderId ? expiresAt : null,
      revoked: false,
      amountCents: cents(price),
      currency: price?.currencyCode ?? null,
      test: subscription.testPurchase !== undefined,
    };
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
