import {
  RENEWAL_GRACE_DAYS, SUBSCRIPTION_MESSAGES, type CheckoutResult, type PaymentStatusResult, type Plan, type SubscriptionStatus,
} from '@linkup/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { MailSender } from '../../adapters/mail/mail';
import {
  StoreNotificationForeignError, StoreVerificationError, WebhookSignatureError,
  type AppStoreSource, type GooglePlaySource, type PaymentSources, type PaymentsProvider, type PlanConfig, type PlayPurchase, type ProviderEvent, type StoreTransaction,
} from '../../adapters/payments/payments';
import { badRequest, conflict, invalid, notFound, unauthorized, unavailable } from '../../lib/http-errors';
import { isoNow, type Clock } from '../../lib/clock';
import type { Dispatch } from '../../lib/dispatch';
import { randomUUID } from 'node:crypto';
import { newId } from '../../lib/ids';
import type { Realtime } from '../../lib/realtime';
import { addMs } from '../../lib/time';
import { presentPayment, presentPlan, presentStatus, type StoreProductsOf } from './subscriptions.presenter';
import { subscriptionsPolicy } from './subscriptions.policy';
import type { BillingRow, PaymentRow, SubscriptionsRepository } from './subscriptions.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const HISTORY_LIMIT = 50;

type Provider = PaymentRow['provider'];

/** What an applied event leaves to do after its commit: tell the member, and send a receipt for a payment. */
interface Outcome {
  userId: string;
  receipt?: { payment: PaymentRow; premiumUntil: string };
}

function addMonths(iso: string, months: number): string {
  const date = new Date(iso);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString();
}

const formatAmount = (cents: number, currency: string) => `${currency} ${(cents / 100).toFixed(2)}`;

export interface SubscriptionsDeps {
  repo: SubscriptionsRepository;
  /**
   * A provider per event source: `web` (Stripe, or the sandbox outside production; null in
   * production without Stripe: nothing is sold on the web) sells through checkout and is the
   * default source of events; the stores' events come in through their own endpoints.
   */
  providers: PaymentSources;
  plans: readonly PlanConfig[];
  realtime: () => Realtime;
  mail: MailSender;
  dispatch: Dispatch;
  clock: Clock;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/**
 * Buying premium (issue 15). Checkout creates a pending payment and sends the member to the
 * provider; only the provider's verified webhooks grant, extend or end premium — each event once,
 * in any order (a payment's status only moves forward, and a payment grants one paid period at
 * most), each in one transaction with its record (issue 27).
 */
export class SubscriptionsService {
  constructor(private readonly deps: SubscriptionsDeps) {}

  /** The web's provider (checkout, renewal switches, card portal), or null. */
  private get provider(): PaymentsProvider | null {
    return this.deps.providers.web;
  }

  /** Whether events of `name` come from a configured source. */
  private configured(name: Provider): boolean {
    const { web, apple, google } = this.deps.providers;
    return [web, apple, google].some((source) => source?.name === name);
  }

  plans(): Plan[] {
    return this.deps.plans.map((plan) => presentPlan(plan, this.deps.plans, this.storeProducts));
  }

  /** What each configured store sells for a plan (the app buys that product). */
  private readonly storeProducts: StoreProductsOf = (planId) => ({
    apple: this.deps.providers.apple?.productOf(planId) ?? null,
    google: this.deps.providers.google?.productOf(planId) ?? null,
  });

  private plan(id: string): PlanConfig | undefined {
    return this.deps.plans.find((plan) => plan.id === id);
  }

  async status(userId: string): Promise<SubscriptionStatus> {
    const { repo } = this.deps;
    const now = isoNow(this.deps.clock);
    const [premiumUntil, billing, payments] = await Promise.all([
      repo.premiumUntil(userId, now), repo.liveBilling(userId), repo.payments(userId, HISTORY_LIMIT),
    ]);
    const hasPortal = billing?.provider === 'stripe' && (await repo.customerId(userId, 'stripe')) !== null;
    return presentStatus({ premiumUntil, billing, plan: billing ? this.plan(billing.plan_id) : undefined, plans: this.deps.plans, hasPortal, payments, storeProducts: this.storeProducts });
  }

  async checkout(userId: string, planId: string): Promise<CheckoutResult> {
    const { repo } = this.deps;
    const { provider } = this;
    const plan = this.plan(planId);
    subscriptionsPolicy.assertPlan(plan);
    subscriptionsPolicy.assertMayCheckout(await repo.liveBilling(userId));
    if (!provider) throw unavailable('payment_provider_unavailable', SUBSCRIPTION_MESSAGES.providerUnavailable);
    const member = await repo.memberContact(userId);
    if (!member) throw unauthorized();

    const now = isoNow(this.deps.clock);
    const billingId = newId();
    const paymentId = newId();
    await repo.createCheckout(
      { id: billingId, user_id: userId, plan_id: plan.id, provider: provider.name, provider_subscription_id: null, status: 'incomplete', current_period_end: null, created_at: now, updated_at: now },
      {
        id: paymentId, user_id: userId, billing_subscription_id: billingId, plan_id: plan.id, provider: provider.name, provider_ref: null, kind: 'initial',
        amount_cents: plan.price_cents, currency: plan.currency, status: 'pending', created_at: now, updated_at: now, paid_at: null,
      },
    );
    const returnUrl = `${this.deps.publicUrl}/app/subscription/payment-return?payment_id=${paymentId}`;
    try {
      const session = await provider.createCheckout({
        paymentId, plan, member, customerId: await repo.customerId(userId, provider.name), returnUrl, cancelUrl: returnUrl,
      });
      if (session.providerRef) await repo.setPaymentRef(paymentId, session.providerRef);
      if (session.customerId) await repo.saveCustomer(userId, provider.name, session.customerId, now);
      return { payment_id: paymentId, checkout_url: session.url };
    } catch (err) {
      await repo.movePayment(paymentId, ['pending'], 'cancelled', now);
      this.deps.log.error({ err, provider: provider.name }, 'checkout failed at the provider');
      throw unavailable('payment_provider_unavailable', SUBSCRIPTION_MESSAGES.providerUnavailable);
    }
  }

  async payment(userId: string, paymentId: string): Promise<PaymentStatusResult> {
    const payment = await this.deps.repo.payment(paymentId);
    subscriptionsPolicy.assertOwnPayment(payment, userId);
    const premiumUntil = await this.deps.repo.premiumUntil(userId, isoNow(this.deps.clock));
    return { ...presentPayment(payment), is_premium: premiumUntil !== null, premium_until: premiumUntil };
  }

  /** Cancel at period end (`cancel` true) or resume renewal. */
  async setRenewal(userId: string, cancel: boolean): Promise<SubscriptionStatus> {
    const { repo } = this.deps;
    const { provider } = this;
    const billing = await repo.liveBilling(userId);
    subscriptionsPolicy.assertBilling(billing);
    if (Boolean(billing.cancel_at_period_end) !== cancel) {
      if (!provider || provider.name !== billing.provider) throw unavailable('payment_provider_unavailable', SUBSCRIPTION_MESSAGES.providerUnavailable);
      await provider.setCancelAtPeriodEnd(billing.provider_subscription_id, cancel);
      await repo.updateBilling(billing.id, { cancel_at_period_end: cancel, updated_at: isoNow(this.deps.clock) });
    }
    return this.status(userId);
  }

  async portalUrl(userId: string): Promise<string> {
    const { repo } = this.deps;
    const { provider } = this;
    const customerId = provider ? await repo.customerId(userId, provider.name) : null;
    const url = provider && customerId ? await provider.portalUrl(customerId, `${this.deps.publicUrl}/app/subscription`) : null;
    if (!url) throw notFound('billing_portal_not_found', SUBSCRIPTION_MESSAGES.noPortal);
    return url;
  }

  /** Apple's App Store, when configured. */
  private appStore(): AppStoreSource {
    const { apple } = this.deps.providers;
    if (!apple) throw notFound('store_not_configured', SUBSCRIPTION_MESSAGES.storeNotConfigured);
    return apple;
  }

  /** Google Play, when configured. */
  private playStore(): GooglePlaySource {
    const { google } = this.deps.providers;
    if (!google) throw notFound('store_not_configured', SUBSCRIPTION_MESSAGES.storeNotConfigured);
    return google;
  }

  /**
   * The member's store account token, the same for both stores: the app passes it to StoreKit
   * (`appAccountToken`) or Play Billing (`obfuscatedAccountId`), and it names the member in every
   * verified transaction. 404 when `store` is not configured here.
   */
  async storeAccountToken(userId: string, store: 'apple' | 'google'): Promise<string> {
    if (store === 'apple') this.appStore();
    else this.playStore();
    return this.deps.repo.accountToken(userId, randomUUID(), isoNow(this.deps.clock));
  }

  /** A store's answer about what the app sent: refused (400) when it does not verify, 503 when the store cannot be asked. */
  private async verifiedByStore<T>(verify: () => Promise<T>): Promise<T> {
    try {
      return await verify();
    } catch (err) {
      if (err instanceof StoreVerificationError) throw badRequest('store_transaction_invalid', SUBSCRIPTION_MESSAGES.storeTransactionInvalid);
      this.deps.log.error({ err }, 'store verification failed');
      throw unavailable('payment_provider_unavailable', SUBSCRIPTION_MESSAGES.providerUnavailable);
    }
  }

  /**
   * A verified store transaction the member sent is theirs: one of our products, bought with their
   * account token, or (no token) of an agreement already theirs.
   */
  private async assertOwnTransaction(userId: string, source: Provider, transaction: StoreTransaction, field: string): Promise<void> {
    if (!transaction.planId || !this.plan(transaction.planId)) {
      throw invalid('store_product_unknown', { [field]: [SUBSCRIPTION_MESSAGES.storeProductUnknown] }, SUBSCRIPTION_MESSAGES.storeProductUnknown);
    }
    const { repo } = this.deps;
    const owner = transaction.accountToken
      ? await repo.memberOfAccountToken(transaction.accountToken)
      : (await repo.billingByRef(source, transaction.originalTransactionId))?.user_id ?? null;
    if (owner !== userId) throw conflict('store_transaction_not_yours', SUBSCRIPTION_MESSAGES.storeTransactionNotYours);
  }

  /**
   * A StoreKit 2 signed transaction the app sends after a purchase or a restore: verified, then
   * applied as one event (once per transaction and state).
   */
  async appleTransaction(userId: string, signedTransaction: string): Promise<SubscriptionStatus> {
    const apple = this.appStore();
    const transaction = await this.verifiedByStore(() => apple.verifyTransaction(signedTransaction));
    await this.assertOwnTransaction(userId, apple.name, transaction, 'signed_transaction');
    await this.applyEvent(apple.transactionEvent(transaction), apple.name);
    return this.status(userId);
  }

  /** An App Store Server Notification v2: verified (bad → 400, nothing changes), then applied once (by its notificationUUID). */
  async appleNotification(signedPayload: string): Promise<void> {
    const apple = this.appStore();
    let event: ProviderEvent;
    try {
      event = await apple.parseNotification(signedPayload);
    } catch (err) {
      if (err instanceof StoreVerificationError) throw badRequest('webhook_signature_invalid', SUBSCRIPTION_MESSAGES.badSignature);
      throw err;
    }
    await this.applyEvent(event, apple.name);
  }

  /**
   * A Play Billing purchase token the app sends after a purchase or a restore: its state fetched
   * from the Play Developer API, applied as one event (once per order), then acknowledged.
   */
  async googlePurchase(userId: string, purchaseToken: string): Promise<SubscriptionStatus> {
    const play = this.playStore();
    const purchase = await this.verifiedByStore(() => play.purchase(purchaseToken));
    await this.assertOwnTransaction(userId, play.name, purchase, 'purchase_token');
    await this.applyEvent(play.purchaseEvent(purchase), play.name);
    await this.acknowledgePlay(play, purchase);
    return this.status(userId);
  }

  /**
   * A Real-time developer notification pushed by Pub/Sub: authenticated (its OIDC token; else 400
   * and nothing changes), another app's refused, the purchase it names fetched from Google (the
   * body is not trusted), then applied once (by its message id) and acknowledged. Google
   * unreachable → 503, and Pub/Sub delivers it again.
   */
  async googleNotification(authorization: string | undefined, push: { messageId: string; data: string }): Promise<void> {
    const play = this.playStore();
    let parsed: { event: ProviderEvent; purchase: PlayPurchase | null };
    try {
      parsed = await play.parseNotification(authorization, push);
    } catch (err) {
      if (err instanceof WebhookSignatureError) throw badRequest('webhook_signature_invalid', SUBSCRIPTION_MESSAGES.badSignature);
      if (err instanceof StoreNotificationForeignError) throw badRequest('store_notification_foreign', SUBSCRIPTION_MESSAGES.storeNotificationForeign);
      if (err instanceof StoreVerificationError) {
        // A token Google no longer knows (or an unreadable message): nothing to apply, and nothing a redelivery would change.
        this.deps.log.warn({ err, messageId: push.messageId }, 'Play notification names nothing to apply');
        return;
      }
      this.deps.log.error({ err, messageId: push.messageId }, 'Play notification could not be checked with Google');
      throw unavailable('payment_provider_unavailable', SUBSCRIPTION_MESSAGES.providerUnavailable);
    }
    await this.applyEvent(parsed.event, play.name);
    if (parsed.purchase) await this.acknowledgePlay(play, parsed.purchase);
  }

  /**
   * Acknowledges a Play purchase once its order is a paid payment of a member here (one that names
   * nobody of ours is left unacknowledged, and Google refunds it). A failure is logged: the next
   * report or notification of the purchase acknowledges it.
   */
  private async acknowledgePlay(play: GooglePlaySource, purchase: PlayPurchase): Promise<void> {
    if (purchase.acknowledged) return;
    const payment = await this.deps.repo.paymentByRef(play.name, purchase.transactionId);
    if (payment?.status !== 'paid') return;
    await play.acknowledge(purchase).catch((err: unknown) => this.deps.log.error({ err, order: purchase.transactionId }, 'Play acknowledge failed'));
  }

  /**
   * A webhook from `providerName`: verified over the raw body (bad signature → 400 and nothing
   * changes), then applied once. A provider that is not configured here → 404.
   */
  async receiveWebhook(providerName: string, rawBody: unknown, headers: Record<string, string | string[] | undefined>): Promise<void> {
    const { provider } = this;
    if (!provider || provider.name !== providerName) throw notFound('not_found');
    let event: ProviderEvent;
    try {
      event = await provider.parseWebhook(Buffer.isBuffer(rawBody) ? rawBody : Buffer.alloc(0), headers);
    } catch (err) {
      if (err instanceof WebhookSignatureError) throw badRequest('webhook_signature_invalid', SUBSCRIPTION_MESSAGES.badSignature);
      throw err;
    }
    await this.applyEvent(event, provider.name);
  }

  /**
   * Applies a verified provider event once; a replay changes nothing. The event's record and all
   * its effects are one transaction (a crash or error in between leaves nothing, and the
   * provider's redelivery applies it whole); the events of one member apply one after another;
   * the receipt and `premium.changed` leave after the commit. Lock order: the event's record, then
   * the member's row, then that member's payments, agreements and periods. `source` names the
   * configured source the event came from (the web's provider by default); an event of a source
   * that is not configured changes nothing.
   */
  async applyEvent(event: ProviderEvent, source: Provider | undefined = this.provider?.name): Promise<void> {
    const { repo } = this.deps;
    if (!source || !this.configured(source)) return;
    const now = isoNow(this.deps.clock);
    const outcome = await repo.transaction(async (tx) => {
      if (!(await tx.recordEvent(source, event.id, event.type, now))) return null;
      const userId = await this.memberOf(tx, event, source);
      if (!userId) return null;
      await tx.lockMember(userId);
      return this.apply(tx, event, source, now);
    });
    if (!outcome) return;
    // Committed: a failed mail or socket must not turn the provider's delivery into a retry (a
    // retry would change nothing); it is logged.
    const told = (what: string) => (err: unknown) => this.deps.log.error({ err, event: event.id }, `payment event applied; ${what} failed`);
    const { receipt } = outcome;
    if (receipt) await this.sendReceipt(receipt.payment, receipt.premiumUntil).catch(told('the receipt'));
    await this.announce(outcome.userId, now).catch(told('premium.changed'));
  }

  /** The member an event is about, or null when it names nothing of ours (it is recorded and changes nothing). */
  private async memberOf(tx: SubscriptionsRepository, event: ProviderEvent, providerName: Provider): Promise<string | null> {
    switch (event.kind) {
      case 'checkout_paid':
      case 'checkout_failed':
      case 'checkout_cancelled': {
        const payment = await tx.payment(event.paymentId);
        return payment?.provider === providerName ? payment.user_id : null;
      }
      case 'renewal_paid':
      case 'renewal_failed':
      case 'subscription_ended':
      case 'renewal_switched':
        return (await tx.billingByRef(providerName, event.subscriptionRef))?.user_id ?? null;
      case 'store_purchase': {
        // The token the app passed at purchase names the member; without one, the agreement a restore or earlier event made.
        const byToken = event.accountToken ? await tx.memberOfAccountToken(event.accountToken) : null;
        return byToken ?? (await tx.billingByRef(providerName, event.subscriptionRef))?.user_id ?? null;
      }
      case 'refunded':
        return (await this.refundedPayment(tx, event, providerName))?.user_id ?? null;
      case 'ignored':
        return null;
    }
  }

  /**
   * Applies one event inside its transaction, the member's row held (so what it reads is what the
   * events before it left). Every conditional write is checked: one that finds its work done
   * means the event changes nothing more. Answers whom to tell after the commit, and the receipt.
   */
  private async apply(tx: SubscriptionsRepository, event: ProviderEvent, providerName: Provider, now: string): Promise<Outcome | null> {
    switch (event.kind) {
      case 'checkout_paid': {
        const payment = await tx.payment(event.paymentId);
        if (!payment || payment.provider !== providerName || !(await tx.movePayment(payment.id, ['pending', 'cancelled', 'failed'], 'paid', now))) return null;
        const plan = this.plan(payment.plan_id);
        const startsAt = (await tx.premiumUntil(payment.user_id, now)) ?? now;
        const endsAt = addMonths(startsAt, plan?.months ?? 1);
        if (!(await tx.addPeriod({ userId: payment.user_id, plan: payment.plan_id, paymentId: payment.id, source: 'payment', startsAt, endsAt, now }))) return null;
        await tx.updateBilling(payment.billing_subscription_id, {
          status: 'active', provider_subscription_id: event.subscriptionRef, current_period_end: endsAt, updated_at: now,
        });
        await tx.endOtherBillings(payment.user_id, payment.billing_subscription_id, now);
        if (event.customerId) await tx.saveCustomer(payment.user_id, providerName, event.customerId, now);
        return { userId: payment.user_id, receipt: { payment: { ...payment, status: 'paid', paid_at: now, updated_at: now }, premiumUntil: endsAt } };
      }
      case 'checkout_failed':
      case 'checkout_cancelled': {
        const payment = await tx.payment(event.paymentId);
        if (payment && payment.provider === providerName) {
          await tx.movePayment(payment.id, ['pending'], event.kind === 'checkout_failed' ? 'failed' : 'cancelled', now);
        }
        return null;
      }
      case 'renewal_paid': {
        const billing = await tx.billingByRef(providerName, event.subscriptionRef);
        if (!billing) return null;
        const existing = await tx.paymentByRef(providerName, event.invoiceRef);
        let payment: PaymentRow;
        if (existing) {
          // Paid after a failed attempt (the provider retried the invoice), or already applied.
          if (!(await tx.movePayment(existing.id, ['pending', 'failed'], 'paid', now))) return null;
          payment = { ...existing, status: 'paid', paid_at: now, updated_at: now };
        } else {
          const fresh = this.renewalPayment(billing, newId(), event, 'paid', now);
          if (!(await tx.insertPayment(fresh))) return null;
          payment = fresh;
        }
        const startsAt = billing.current_period_end ? String(billing.current_period_end) : now;
        const endsAt = event.periodEnd ?? addMonths(startsAt, this.plan(billing.plan_id)?.months ?? 1);
        await tx.endGrace(billing.user_id, billing.id, now);
        if (!(await tx.addPeriod({ userId: billing.user_id, plan: billing.plan_id, paymentId: payment.id, source: 'payment', startsAt, endsAt, now }))) return null;
        await tx.updateBilling(billing.id, { status: 'active', current_period_end: endsAt, updated_at: now });
        return { userId: billing.user_id, receipt: { payment, premiumUntil: endsAt } };
      }
      case 'renewal_failed': {
        const billing = await tx.billingByRef(providerName, event.subscriptionRef);
        if (!billing || billing.status === 'ended') return null;
        const paymentId = newId();
        if (!(await tx.insertPayment(this.renewalPayment(billing, paymentId, event, 'failed', now)))) return null;
        const periodEnd = billing.current_period_end ? String(billing.current_period_end) : now;
        const graceFrom = periodEnd > now ? periodEnd : now;
        await tx.addPeriod({
          userId: billing.user_id, plan: billing.plan_id, paymentId, source: 'grace', startsAt: graceFrom, endsAt: addMs(graceFrom, RENEWAL_GRACE_DAYS * DAY_MS), now,
        });
        await tx.updateBilling(billing.id, { status: 'past_due', updated_at: now });
        return { userId: billing.user_id };
      }
      case 'refunded': {
        const payment = await this.refundedPayment(tx, event, providerName);
        if (!payment || !(await tx.movePayment(payment.id, ['pending', 'paid', 'failed', 'cancelled'], 'refunded', now))) return null;
        await tx.endPeriodsOf(payment, now);
        await tx.updateBilling(payment.billing_subscription_id, { status: 'ended', updated_at: now });
        return { userId: payment.user_id };
      }
      case 'subscription_ended': {
        const billing = await tx.billingByRef(providerName, event.subscriptionRef);
        if (!billing) return null;
        await tx.updateBilling(billing.id, { status: 'ended', updated_at: now });
        return { userId: billing.user_id };
      }
      case 'store_purchase':
        return this.applyStorePurchase(tx, event, providerName, now);
      case 'renewal_switched': {
        const billing = await tx.billingByRef(providerName, event.subscriptionRef);
        if (!billing) return null;
        await tx.updateBilling(billing.id, { cancel_at_period_end: !event.renews, updated_at: now });
        return { userId: billing.user_id };
      }
      case 'ignored':
        return null;
    }
  }

  /**
   * A store's paid period: the store dates it (its purchase and expiry), one payment per store
   * transaction (its id is the payment's reference, so a transaction grants once however often it
   * comes: from the app, a restore, a notification). The agreement is the store's original
   * transaction; one that belongs to another member is left alone.
   */
  private async applyStorePurchase(
    tx: SubscriptionsRepository, event: Extract<ProviderEvent, { kind: 'store_purchase' }>, providerName: Provider, now: string,
  ): Promise<Outcome | null> {
    const plan = event.planId ? this.plan(event.planId) : undefined;
    if (!plan || !event.endsAt) return null;
    const userId = await this.memberOf(tx, event, providerName);
    if (!userId) return null;
    const live = event.endsAt > now;
    const created = await tx.insertBilling({
      id: newId(), user_id: userId, plan_id: plan.id, provider: providerName, provider_subscription_id: event.subscriptionRef,
      status: live ? 'active' : 'ended', current_period_end: event.endsAt, created_at: now, updated_at: now,
    });
    const billing = await tx.billingByRef(providerName, event.subscriptionRef);
    if (!billing || billing.user_id !== userId) return null;
    const paymentId = newId();
    const inserted = await tx.insertPayment({
      id: paymentId, user_id: userId, billing_subscription_id: billing.id, plan_id: plan.id, provider: providerName, provider_ref: event.transactionRef,
      kind: created ? 'initial' : 'renewal', amount_cents: event.amountCents ?? plan.price_cents, currency: (event.currency ?? plan.currency).toUpperCase(),
      status: 'paid', created_at: now, updated_at: now, paid_at: now, test_purchase: event.test,
    });
    if (!inserted) return null;
    if (!(await tx.addPeriod({ userId, plan: plan.id, paymentId, source: 'payment', startsAt: event.startsAt, endsAt: event.endsAt, now }))) return null;
    if (!created) {
      const periodEnd = billing.current_period_end && String(billing.current_period_end) > event.endsAt ? String(billing.current_period_end) : event.endsAt;
      await tx.updateBilling(billing.id, { plan_id: plan.id, current_period_end: periodEnd, ...(live ? { status: 'active' } : {}), updated_at: now });
    }
    return { userId };
  }

  private renewalPayment(billing: BillingRow, id: string, event: { invoiceRef: string; amountCents: number; currency: string }, status: 'paid' | 'failed', now: string) {
    return {
      id, user_id: billing.user_id, billing_subscription_id: billing.id, plan_id: billing.plan_id, provider: billing.provider, provider_ref: event.invoiceRef,
      kind: 'renewal' as const, amount_cents: event.amountCents, currency: event.currency.toUpperCase(), status, created_at: now, updated_at: now,
      paid_at: status === 'paid' ? now : null, test_purchase: false,
    };
  }

  /** The payment a refund names: by our id, by the provider's invoice, or the customer's last paid one. */
  private async refundedPayment(tx: SubscriptionsRepository, event: Extract<ProviderEvent, { kind: 'refunded' }>, providerName: Provider): Promise<PaymentRow | undefined> {
    if (event.paymentId) {
      const payment = await tx.payment(event.paymentId);
      return payment?.provider === providerName ? payment : undefined;
    }
    if (event.invoiceRef) {
      const byInvoice = await tx.paymentByRef(providerName, event.invoiceRef);
      if (byInvoice) return byInvoice;
    }
    const userId = event.customerId ? await tx.memberOfCustomer(providerName, event.customerId) : null;
    return userId ? tx.lastPaidPayment(userId, providerName) : undefined;
  }

  /** Tells the member's open app at once: likes and visitors unlock (or lock) without a reload. */
  private async announce(userId: string, now: string): Promise<void> {
    const premiumUntil = await this.deps.repo.premiumUntil(userId, now);
    this.deps.realtime().toMember(userId, 'premium.changed', { is_premium: premiumUntil !== null, premium_until: premiumUntil });
  }

  private async sendReceipt(payment: PaymentRow, premiumUntil: string): Promise<void> {
    const member = await this.deps.repo.memberContact(payment.user_id);
    if (!member?.email) return;
    const plan = this.plan(payment.plan_id);
    await this.deps.dispatch('payment receipt', () => this.deps.mail.send({
      key: `receipt:${payment.id}`,
      to: member.email!,
      subject: 'Your LinkUp Premium receipt',
      text: [
        `Hi ${member.name},`, '',
        `Thank you for your payment of ${formatAmount(payment.amount_cents, payment.currency)} for LinkUp Premium (${plan?.name ?? payment.plan_id}).`,
        `Receipt number: ${payment.id}`,
        `Paid on: ${payment.paid_at ?? ''}`,
        `Premium until: ${premiumUntil}`, '',
        `Manage your subscription: ${this.deps.publicUrl}/app/subscription`,
      ].join('\n'),
    }));
  }
}
