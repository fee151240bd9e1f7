import type { Plan } from '@linkup/contract';
import { formatMoney } from '@/features/subscriptions/utils/paths';

/** A plan's name, price per month, total and savings. */
export function PlanSummary({ plan }: { plan: Plan }) {
  return (
    <div className="plan-summary">
      <span className="plan-name">{plan.name}</span>
      <span className="plan-per-month">{formatMoney(plan.price_per_month_cents, plan.currency)} / month</span>
      <span className="plan-total">{formatMoney(plan.price_cents, plan.currency)} every {plan.months === 1 ? 'month' : `${plan.months} months`}</span>
      {plan.savings_percent > 0 && <span className="plan-savings">Save {plan.savings_percent}%</span>}
    </div>
  );
}
