import {
  RENEWAL_GRACE_DAYS, STATUS_MESSAGES, SUBSCRIPTION_MESSAGES, type CheckoutResult, type PaymentStatusResult, type Plan, type SubscriptionStatus,
} from '@linkup/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { MailSender } from '../../adapters/mail/mail';
import { WebhookSignatureError, type PaymentsProvider, type PlanConfig, type ProviderEvent } from '../../adapters/payments/payments';
import { AppError, badRequest, notFound } from '../../lib/http-errors';
import { isoNow, type Clock } from '../../lib/clock';
import type { Dispatch } from '../../lib/dispatch';
import { newId } from '../../lib/ids';
import type { Realtime } from '../../lib/realtime';
import { addMs } from '../../lib/time';
import { presentPayment, presentPlan, presentStatus } from './subscriptions.presenter';
import { subscriptionsPolicy } from './subscriptions.policy';
import type { BillingRow, PaymentRow, SubscriptionsRepository } from './subscriptions.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const HISTORY_LIMIT = 50;

function addMonths(iso: string, months: number): string {
  const date = new Date(iso);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString();
}

const formatAmount = (cents: number, currency: string) => `${currency} ${(cents / 100).toFixed(2)}`;

export interface SubscriptionsDeps {
  repo: SubscriptionsRepository;
  /** The configured provider; null in production without Stripe (nothing is on sale). */
  provider: PaymentsProvider | null;
  plans: readonly PlanConfig[];
  /** When the member's premium ends (any source), or null when free. */
  premiumUntil: (userId: string, now: string) => Promise<string | null>;
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
 * in any order (a payment's status only moves forward, and a payment grants one period at most).
 */
export class SubscriptionsService {
  constructor(private readonly deps: SubscriptionsDeps) {}

  plans(): Plan[] {
    return this.deps.plans.map((plan) => presentPlan(plan, this.deps.plans));
  }

  private plan(id: string): PlanConfig | undefined {
    return this.deps.plans.find((plan) => plan.id === id);
  }

  async status(userId: string): Promise<SubscriptionStatus> {
    const { repo } = this.deps;
    const now = isoNow(this.deps.clock);
    const [premiumUntil, billing, payments] = await Promise.all([
      this.deps.premiumUntil(userId, now), repo.liveBilling(userId), repo.payments(userId, HISTORY_LIMIT),
    ]);
    const hasPortal = billing?.provider === 'stripe' && (await repo.customerId(userId, 'stripe')) !== null;
    return presentStatus({ premiumUntil, billing, plan: billing ? this.plan(billing.plan_id) : undefined, plans: this.deps.plans, hasPortal, payments });
  }

  async checkout(userId: string, planId: string): Promise<CheckoutResult> {
    const { repo, provider } = this.deps;
    const plan = this.plan(planId);
    subscriptionsPolicy.assertPlan(plan);
    subscriptionsPolicy.assertMayCheckout(await repo.liveBilling(userId));
    if (!provider) throw new AppError(503, SUBSCRIPTION_MESSAGES.providerUnavailable);
    const member = await repo.memberContact(userId);
    if (!member) throw new AppError(401, STATUS_MESSAGES[401]);

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
      throw new AppError(503, SUBSCRIPTION_MESSAGES.providerUnavailable);
    }
  }

  async payment(userId: string, paymentId: string): Promise<PaymentStatusResult> {
    const payment = await this.deps.repo.payment(paymentId);
    subscriptionsPolicy.assertOwnPayment(payment, userId);
    const premiumUntil = await this.deps.premiumUntil(userId, isoNow(this.deps.clock));
    return { ...presentPayment(payment), is_premium: premiumUntil !== null, premium_until: premiumUntil };
  }

  /** Cancel at period end (`cancel` true) or resume renewal. */
  async setRenewal(userId: string, cancel: boolean): Promise<SubscriptionStatus> {
    const { repo, provider } = this.deps;
    const billing = await repo.liveBilling(userId);
    subscriptionsPolicy.assertBilling(billing);
    if (Boolean(billing.cancel_at_period_end) !== cancel) {
      if (!provider || provider.name !== billing.provider) throw new AppError(503, SUBSCRIPTION_MESSAGES.providerUnavailable);
      await provider.setCancelAtPeriodEnd(billing.provider_subscription_id, cancel);
      await repo.updateBilling(billing.id, { cancel_at_period_end: cancel, updated_at: isoNow(this.deps.clock) });
    }
    return this.status(userId);
  }

  async portalUrl(userId: string): Promise<string> {
    const { repo, provider } = this.deps;
    const customerId = provider ? await repo.customerId(userId, provider.name) : null;
    const url = provider && customerId ? await provider.portalUrl(customerId, `${this.deps.publicUrl}/app/subscription`) : null;
    if (!url) throw new AppError(404, SUBSCRIPTION_MESSAGES.noPortal);
    return url;
  }

  /**
   * A webhook from `providerName`: verified over the raw body (bad signature → 400 and nothing
   * changes), then applied once. A provider that is not configured here → 404.
   */
  async receiveWebhook(providerName: string, rawBody: unknown, headers: Record<string, string | string[] | undefined>): Promise<void> {
    const { provider } = this.deps;
    if (!provider || provider.name !== providerName) throw notFound();
    let event: ProviderEvent;
    try {
      event = await provider.parseWebhook(Buffer.isBuffer(rawBody) ? rawBody : Buffer.alloc(0), headers);
    } catch (err) {
      if (err instanceof WebhookSignatureError) throw badRequest(SUBSCRIPTION_MESSAGES.badSignature);
      throw err;
    }
    await this.applyEvent(event);
  }

  /** Applies a verified provider event once; a replay changes nothing. */
  async applyEvent(event: ProviderEvent): Promise<void> {
    const { repo, provider } = this.deps;
    if (!provider || (await repo.eventSeen(provider.name, event.id))) return;
    const now = isoNow(this.deps.clock);
    const changed = await this.apply(event, now);
    await repo.recordEvent(provider.name, event.id, event.type, now);
    if (changed) await this.announce(changed, now);
  }

  /** Applies one event; answers the member whose premium may have changed. */
  private async apply(event: ProviderEvent, now: string): Promise<string | null> {
    const { repo } = this.deps;
    const providerName = this.deps.provider!.name;
    switch (event.kind) {
      case 'checkout_paid': {
        const payment = await repo.payment(event.paymentId);
        if (!payment || payment.provider !== providerName || !(await repo.movePayment(payment.id, ['pending', 'cancelled', 'failed'], 'paid', now))) return null;
        const plan = this.plan(payment.plan_id);
        const startsAt = (await this.deps.premiumUntil(payment.user_id, now)) ?? now;
        const endsAt = addMonths(startsAt, plan?.months ?? 1);
        await repo.addPeriod({ userId: payment.user_id, plan: payment.plan_id, paymentId: payment.id, source: 'payment', startsAt, endsAt, now });
        await repo.updateBilling(payment.billing_subscription_id, {
          status: 'active', provider_subscription_id: event.subscriptionRef, current_period_end: endsAt, updated_at: now,
        });
        await repo.endOtherBillings(payment.user_id, payment.billing_subscription_id, now);
        if (event.customerId) await repo.saveCustomer(payment.user_id, providerName, event.customerId, now);
        await this.sendReceipt({ ...payment, status: 'paid', paid_at: now }, endsAt);
        return payment.user_id;
      }
      case 'checkout_failed':
      case 'checkout_cancelled': {
        const payment = await repo.payment(event.paymentId);
        if (payment && payment.provider === providerName) {
          await repo.movePayment(payment.id, ['pending'], event.kind === 'checkout_failed' ? 'failed' : 'cancelled', now);
        }
        return null;
      }
      case 'renewal_paid': {
        const billing = await repo.billingByRef(providerName, event.subscriptionRef);
        if (!billing) return null;
        const existing = await repo.paymentByRef(providerName, event.invoiceRef);
        const paymentId = existing?.id ?? newId();
        if (!existing) {
          await repo.insertPayment(this.renewalPayment(billing, paymentId, event, 'paid', now));
        } else if (!(await repo.movePayment(existing.id, ['pending', 'failed'], 'paid', now))) {
          return null;
        }
        const startsAt = billing.current_period_end ? String(billing.current_period_end) : now;
        const endsAt = event.periodEnd ?? addMonths(startsAt, this.plan(billing.plan_id)?.months ?? 1);
        await repo.endPaidPeriods(billing.user_id, ['grace'], now);
        await repo.addPeriod({ userId: billing.user_id, plan: billing.plan_id, paymentId, source: 'payment', startsAt, endsAt, now });
        await repo.updateBilling(billing.id, { status: 'active', current_period_end: endsAt, updated_at: now });
        const payment = await repo.payment(paymentId);
        if (payment) await this.sendReceipt(payment, endsAt);
        return billing.user_id;
      }
      case 'renewal_failed': {
        const billing = await repo.billingByRef(providerName, event.subscriptionRef);
        if (!billing || billing.status === 'ended') return null;
        const paymentId = newId();
        if (!(await repo.insertPayment(this.renewalPayment(billing, paymentId, event, 'failed', now)))) return null;
        const periodEnd = billing.current_period_end ? String(billing.current_period_end) : now;
        const graceFrom = periodEnd > now ? periodEnd : now;
        await repo.addPeriod({
          userId: billing.user_id, plan: billing.plan_id, paymentId, source: 'grace', startsAt: graceFrom, endsAt: addMs(graceFrom, RENEWAL_GRACE_DAYS * DAY_MS), now,
        });
        await repo.updateBilling(billing.id, { status: 'past_due', updated_at: now });
        return billing.user_id;
      }
      case 'refunded': {
        const payment = await this.refundedPayment(event, providerName);
        if (!payment) return null;
        await repo.movePayment(payment.id, ['pending', 'paid', 'failed', 'cancelled'], 'refunded', now);
        await repo.endPaidPeriods(payment.user_id, ['payment', 'grace'], now);
        await repo.updateBilling(payment.billing_subscription_id, { status: 'ended', updated_at: now });
        return payment.user_id;
      }
      case 'subscription_ended': {
        const billing = await repo.billingByRef(providerName, event.subscriptionRef);
        if (billing) await repo.updateBilling(billing.id, { status: 'ended', updated_at: now });
        return billing?.user_id ?? null;
      }
      case 'ignored':
        return null;
    }
  }

  private renewalPayment(billing: BillingRow, id: string, event: { invoiceRef: string; amountCents: number; currency: string }, status: 'paid' | 'failed', now: string) {
    return {
      id, user_id: billing.user_id, billing_subscription_id: billing.id, plan_id: billing.plan_id, provider: billing.provider, provider_ref: event.invoiceRef,
      kind: 'renewal' as const, amount_cents: event.amountCents, currency: event.currency.toUpperCase(), status, created_at: now, updated_at: now,
      paid_at: status === 'paid' ? now : null,
    };
  }

  private async refundedPayment(event: Extract<ProviderEvent, { kind: 'refunded' }>, providerName: PaymentRow['provider']): Promise<PaymentRow | undefined> {
    const { repo } = this.deps;
    if (event.paymentId) return repo.payment(event.paymentId);
    if (event.invoiceRef) {
      const byInvoice = await repo.paymentByRef(providerName, event.invoiceRef);
      if (byInvoice) return byInvoice;
    }
    const userId = event.customerId ? await repo.memberOfCustomer(providerName, event.customerId) : null;
    return userId ? repo.lastPaidPayment(userId, providerName) : undefined;
  }

  /** Tells the member's open app at once: likes and visitors unlock (or lock) without a reload. */
  private async announce(userId: string, now: string): Promise<void> {
    const premiumUntil = await this.deps.premiumUntil(userId, now);
    this.deps.realtime().toMember(userId, 'premium.changed', { is_premium: premiumUntil !== null, premium_until: premiumUntil });
  }

  private async sendReceipt(payment: PaymentRow, premiumUntil: string): Promise<void> {
    const member = await this.deps.repo.memberContact(payment.user_id);
    if (!member?.email) return;
    const plan = this.plan(payment.plan_id);
    await this.deps.dispatch('payment receipt', () => this.deps.mail.send({
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
