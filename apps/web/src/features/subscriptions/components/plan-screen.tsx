import '@/features/subscriptions/subscriptions.css';
import { PREMIUM_FEATURES, PREMIUM_TEXTS, friendlyMessage } from '@linkup/contract';
import { Button } from '@/components/button';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { usePlans } from '@/features/subscriptions/api/get-plans';
import { useStartCheckout } from '@/features/subscriptions/api/start-checkout';
import { useBuyInStore } from '@/features/subscriptions/api/store-purchase';
import { PlanSummary } from '@/features/subscriptions/components/plan-card';
import { rememberReturnPath, safeReturnPath, subscriptionPaths } from '@/features/subscriptions/utils/paths';
import { LoadFailed, Loading } from '@/components/load-state';
import { PageHeader } from '@/components/page-header';
import { isApiClientError } from '@/lib/api-client';
import { platform } from '@/platform/platform';

const failed = (error: unknown) => toast.error(isApiClientError(error) ? friendlyMessage(error) : friendlyMessage({ status: 500 }));

/**
 * The chosen plan before paying (/app/subscription/plans/:id and /app/payment?plan_id=): what it
 * includes, the terms and 'Continue to payment', which opens the provider's checkout — or, in a
 * native build with store billing, 'Subscribe', which opens the store's purchase sheet for the
 * plan's product there (issue 34 item 2).
 */
export function PlanScreen({ title, planId, from }: { title: string; planId: string | null; from: string | null }) {
  const plans = usePlans();
  const checkout = useStartCheckout();
  const { storeBilling } = platform;
  const store = useBuyInStore(storeBilling);
  const navigate = useNavigate();

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
  const product = plan && storeBilling ? plan.store_products[storeBilling.store] : null;
  if (!plan || (storeBilling && !product)) {
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
    checkout.mutate(plan.id, { onSuccess: ({ checkout_url }) => window.location.assign(checkout_url), onError: failed });
  };
  const buy = () => {
    if (!product) return;
    store.mutate(product, {
      onSuccess: (result) => {
        if (result.kind === 'pending') toast.info(PREMIUM_TEXTS.purchasePending);
        if (result.kind !== 'bought') return;
        toast.success(PREMIUM_TEXTS.paid);
        void navigate(safeReturnPath(from) ?? subscriptionPaths.subscription);
      },
      onError: failed,
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
      {storeBilling ? (
        <>
          <p className="subscription-terms">{PREMIUM_TEXTS.storeTerms[storeBilling.store]}</p>
          <Button type="button" label={PREMIUM_TEXTS.subscribe} icon="pi pi-lock" loading={store.isPending} onClick={buy} />
        </>
      ) : (
        <>
          <p className="subscription-terms">{PREMIUM_TEXTS.terms}</p>
          <Button type="button" label={PREMIUM_TEXTS.continueToPayment} icon="pi pi-lock" loading={checkout.isPending} onClick={pay} />
        </>
      )}
    </section>
  );
}
