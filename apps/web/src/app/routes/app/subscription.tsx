import { routeByName } from '@linkup/contract';
import { SubscriptionScreen } from '@/features/subscriptions/components/subscription-screen';

/** /app/subscription — my premium, the plans (verification is free: its link), Manage and the payment history. */
export function SubscriptionRoute() {
  return <SubscriptionScreen title={routeByName('app.subscription').title} verifyPath={routeByName('app.verify').path} />;
}
