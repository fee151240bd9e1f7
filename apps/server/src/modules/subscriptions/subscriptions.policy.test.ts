import { SUBSCRIPTION_MESSAGES } from '@linkup/contract';
import { describe, expect, it } from 'vitest';
import type { PlanConfig } from '../../adapters/payments/payments';
import { subscriptionsPolicy } from './subscriptions.policy';
import type { BillingRow, PaymentRow } from './subscriptions.repository';

const AT = '2026-06-01T10:00:00.000Z';
const plan: PlanConfig = { id: 'premium_1m', name: 'Premium', months: 1, price_cents: 14900, currency: 'ZAR' };
const payment = (overrides: Partial<PaymentRow> = {}): PaymentRow => ({
  id: 'pay_1', user_id: 'usr_me', billing_subscription_id: 'bil_1', plan_id: 'premium_1m', provider: 'sandbox', provider_ref: null, kind: 'initial',
  amount_cents: 14900, currency: 'ZAR', status: 'paid', created_at: AT, updated_at: AT, paid_at: AT, test_purchase: false, ...overrides,
});
const billing = (overrides: Partial<BillingRow> = {}): BillingRow => ({
  id: 'bil_1', user_id: 'usr_me', plan_id: 'premium_1m', provider: 'sandbox', provider_subscription_id: null, status: 'active',
  cancel_at_period_end: false, current_period_end: '2026-07-01T10:00:00.000Z', created_at: AT, updated_at: AT, ...overrides,
});

/** The status and message an assertion throws, or 'allowed'. */
function outcome(assertion: () => void): string | { status: number; message: string } {
  try {
    assertion();
    return 'allowed';
  } catch (error) {
    const { status, message } = error as { status: number; message: string };
    return { status, message };
  }
}

describe('subscriptionsPolicy', () => {
  it('buys only a plan on sale: an unknown plan is 404', () => {
    expect(outcome(() => subscriptionsPolicy.assertPlan(plan))).toBe('allowed');
    expect(outcome(() => subscriptionsPolicy.assertPlan(undefined))).toEqual({ status: 404, message: SUBSCRIPTION_MESSAGES.planNotFound });
  });

  it("shows a member only their own payment: another member's is the same 404 as one that does not exist", () => {
    expect(outcome(() => subscriptionsPolicy.assertOwnPayment(payment(), 'usr_me'))).toBe('allowed');
    const missing = outcome(() => subscriptionsPolicy.assertOwnPayment(undefined, 'usr_me'));
    expect(missing).toEqual({ status: 404, message: SUBSCRIPTION_MESSAGES.paymentNotFound });
    expect(outcome(() => subscriptionsPolicy.assertOwnPayment(payment({ user_id: 'usr_other' }), 'usr_me'))).toEqual(missing);
  });

  it('refuses a second checkout (409) only while a subscription renews', () => {
    expect(outcome(() => subscriptionsPolicy.assertMayCheckout(billing()))).toEqual({ status: 409, message: SUBSCRIPTION_MESSAGES.alreadySubscribed });
    // SQLite answers booleans as 0/1.
    expect(outcome(() => subscriptionsPolicy.assertMayCheckout(billing({ cancel_at_period_end: 0 })))).toMatchObject({ status: 409 });
    for (const live of [
      undefined,
      billing({ cancel_at_period_end: true }),
      billing({ cancel_at_period_end: 1 }),
      billing({ status: 'past_due' }),
      billing({ status: 'ended' }),
      billing({ status: 'incomplete' }),
    ]) {
      expect(outcome(() => subscriptionsPolicy.assertMayCheckout(live)), JSON.stringify(live)).toBe('allowed');
    }
  });

  it('changes (cancel, resume, card) only a subscription there is: none is 404', () => {
    expect(outcome(() => subscriptionsPolicy.assertBilling(billing()))).toBe('allowed');
    expect(outcome(() => subscriptionsPolicy.assertBilling(undefined))).toEqual({ status: 404, message: SUBSCRIPTION_MESSAGES.noSubscription });
  });
});
