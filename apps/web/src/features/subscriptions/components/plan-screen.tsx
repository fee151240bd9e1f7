import '@/features/subscriptions/subscriptions.css';
import { PREMIUM_FEATURES, PREMIUM_TEXTS, friendlyMessage } from '@linkup/contract';
import { Button } from '@/components/button';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { usePlans } from '@/features/subscriptions/api/get-plans';
import { useStartCheckout } from '@/features/subscriptions/api/start-checkout';
import { PlanSummary } from '@/features/subscriptions/components/plan-card';
import { rememberReturnPath, subscriptionPaths } from '@/features/subscriptions/utils/paths';
import { LoadFailed, Loading } from '@/components/load-state';
import { PageHeader } from '@/components/page-header';
import { isApiClientError } from '@/lib/api-client';
import { platform } from '@/platform/platform';

/**
 * The chosen plan before paying (/app/subscription/plans/:id and /app/payment?plan_id=): what it
 * includes, the terms and 'Continue to payment', which opens the provider's checkout.
 */
export function PlanScreen({ title, planId, from }: { title: string; planId: string | null; from: string | null }) {
  const plans = usePlans();
  const checkout = useStartCheckout();

  if (plans.isPending) return <section className="subscription-page"><PageHeader title={title} /><Loading label="Loading the plan" /></section>;
  if (plans.isError) return <section className="subscription-page"><PageHeader title={title} /><LoadFailed what="The plan" onRetry={() => void plans.refetch()} /></section>;
  const plan = plans.data.find((p) => p.id === planId);
  if (!platform.sellsPremium) {
    return (
      <section className="subscription-page">
        <PageHeader title={title} />
        <p>{PREMIUM_TEXTS.notInApp}</p>
      </section>
    );
  }
  if (!plan) {
    return (
      <section className="subscription-page">
        <PageHeader title={title} />
        <p>This plan is not available.</p>
        <Link to={subscriptionPaths.subscription} className="btn-link-primary">{PREMIUM_TEXTS.choosePlan}</Link>
      </section>
    );
  }

  const pay = () => {
    rememberReturnPath(from);
    checkout.mutate(plan.id, {
      onSuccess: ({ checkout_url }) => window.location.assign(checkout_url),
      onError: (error) => toast.error(isApiClientError(error) ? friendlyMessage(error) : friendlyMessage({ status: 500 })),
    });
  };

  return (
    <section className="subscription-page">
      <PageHeader title={title} subtitle={`LinkUp Premium · ${plan.name}`} />
      <div className="subscription-card"><PlanSummary plan={plan} /></div>
      <h2 className="subscription-heading">What you get</h2>
      <ul className="upsell-perks">
        {PREMIUM_FEATURES.map((feature) => <li key={feature.key}><i className="pi pi-check" aria-hidden="true" /> {feature.title}</li>)}
      </ul>
      <p className="subscription-terms">{PREMIUM_TEXTS.terms}</p>
      <Button type="button" label={PREMIUM_TEXTS.continueToPayment} icon="pi pi-lock" loading={checkout.isPending} onClick={pay} />
    </section>
  );
}
