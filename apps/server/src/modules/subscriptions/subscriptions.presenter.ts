import type { Payment, Plan, StoreProduct, SubscriptionStatus } from '@linkup/contract';
import type { PlanConfig } from '../../adapters/payments/payments';
import type { BillingRow, PaymentRow } from './subscriptions.repository';

/** A plan's product in each store (null where the store is not configured or does not sell it). */
export type StoreProductsOf = (planId: string) => Plan['store_products'];
export const NO_STORE_PRODUCTS: StoreProductsOf = () => ({ apple: null, google: null });
export type { StoreProduct };

/** A plan with its price per month, what it saves against the shortest plan paid monthly, and its store products. */
export function presentPlan(plan: PlanConfig, plans: readonly PlanConfig[], storeProducts: StoreProductsOf = NO_STORE_PRODUCTS): Plan {
  const perMonth = Math.round(plan.price_cents / plan.months);
  const base = Math.max(...plans.filter((p) => p.months === Math.min(...plans.map((q) => q.months))).map((p) => p.price_cents / p.months));
  const savings = base > 0 ? Math.max(0, Math.round((1 - plan.price_cents / plan.months / base) * 100)) : 0;
  return { ...plan, price_per_month_cents: perMonth, savings_percent: savings, store_products: storeProducts(plan.id) };
}

export function presentPayment(row: PaymentRow): Payment {
  return {
    id: row.id, plan_id: row.plan_id, kind: row.kind, amount_cents: row.amount_cents, currency: row.currency,
    status: row.status, created_at: String(row.created_at), paid_at: row.paid_at ? String(row.paid_at) : null,
  };
}

export function presentStatus(input: {
  premiumUntil: string | null;
  billing: BillingRow | undefined;
  plan: PlanConfig | undefined;
  plans: readonly PlanConfig[];
  hasPortal: boolean;
  payments: PaymentRow[];
  storeProducts?: StoreProductsOf;
}): SubscriptionStatus {
  const { billing, premiumUntil } = input;
  const premium = premiumUntil !== null;
  const cancelled = Boolean(billing?.cancel_at_period_end);
  // A store's subscription is cancelled and resumed in the store, never here.
  const here = billing !== undefined && billing.provider !== 'apple' && billing.provider !== 'google';
  return {
    is_premium: premium,
    plan: billing && input.plan ? presentPlan(input.plan, input.plans, input.storeProducts) : null,
    provider: billing?.provider ?? null,
    premium_until: premiumUntil,
    renews: billing?.status === 'active' && !cancelled,
    in_grace: billing?.status === 'past_due' && premium,
    can_cancel: here && !cancelled,
    can_resume: here && billing.status === 'active' && cancelled && premium,
    has_portal: billing !== undefined && input.hasPortal,
    payments: input.payments.map(presentPayment),
  };
}
