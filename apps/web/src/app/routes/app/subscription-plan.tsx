import { routeByName } from '@linkup/contract';
import { useParams, useSearchParams } from 'react-router';
import { PlanScreen } from '@/features/subscriptions/components/plan-screen';

/** /app/subscription/plans/:id — the chosen plan and 'Continue to payment'. */
export function SubscriptionPlanRoute() {
  const { id } = useParams();
  const [params] = useSearchParams();
  return <PlanScreen title={routeByName('app.subscription.plan').title} planId={id ?? null} from={params.get('from')} />;
}

/** /app/payment?plan_id= — the summary before paying (the same screen, the plan from the query). */
export function PaymentRoute() {
  const [params] = useSearchParams();
  return <PlanScreen title={routeByName('app.payment').title} planId={params.get('plan_id')} from={params.get('from')} />;
}
