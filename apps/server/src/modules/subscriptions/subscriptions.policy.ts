import { SUBSCRIPTION_MESSAGES } from '@linkup/contract';
import type { PlanConfig } from '../../adapters/payments/payments';
import { conflict, notFound } from '../../lib/http-errors';
import type { BillingRow, PaymentRow } from './subscriptions.repository';

/**
 * Who may do what with payments: a member sees only their own payments (another member's looks
 * exactly like one that does not exist), buys only a plan on sale, and buys again only when
 * nothing renews already.
 */
export interface SubscriptionsPolicy {
  assertPlan(plan: PlanConfig | undefined): asserts plan is PlanConfig;
  assertOwnPayment(payment: PaymentRow | undefined, userId: string): asserts payment is PaymentRow;
  assertMayCheckout(live: BillingRow | undefined): void;
  assertBilling(billing: BillingRow | undefined): asserts billing is BillingRow;
}

export const subscriptionsPolicy: SubscriptionsPolicy = {
  assertPlan(plan: PlanConfig | undefined): asserts plan is PlanConfig {
    if (!plan) throw notFound('plan_not_found', SUBSCRIPTION_MESSAGES.planNotFound);
  },

  assertOwnPayment(payment: PaymentRow | undefined, userId: string): asserts payment is PaymentRow {
    if (!payment || payment.user_id !== userId) throw notFound('payment_not_found', SUBSCRIPTION_MESSAGES.paymentNotFound);
  },

  assertMayCheckout(live: BillingRow | undefined): void {
    if (live && live.status === 'active' && !live.cancel_at_period_end) throw conflict('already_subscribed', SUBSCRIPTION_MESSAGES.alreadySubscribed);
  },

  assertBilling(billing: BillingRow | undefined): asserts billing is BillingRow {
    if (!billing) throw notFound('subscription_not_found', SUBSCRIPTION_MESSAGES.noSubscription);
  },
};
