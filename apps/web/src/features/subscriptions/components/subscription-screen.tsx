import '@/features/subscriptions/subscriptions.css';
import {
  PREMIUM_FEATURES, PREMIUM_TEXTS, PREMIUM_UNLOCKS, SUBSCRIPTION_MESSAGES, VERIFICATION_MESSAGES, friendlyMessage, type SubscriptionStatus,
} from '@linkup/contract';
import { Button } from '@/components/button';
import { Link, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { useChangeRenewal } from '@/features/subscriptions/api/change-renewal';
import { usePlans } from '@/features/subscriptions/api/get-plans';
import { useSubscription } from '@/features/subscriptions/api/get-subscription';
import { useOpenPortal } from '@/features/subscriptions/api/open-portal';
import { useRestorePurchases } from '@/features/subscriptions/api/store-purchase';
import { PlanSummary } from '@/features/subscriptions/components/plan-card';
import { formatDate, formatMoney, subscriptionPaths } from '@/features/subscriptions/utils/paths';
import { LoadFailed, Loading } from '@/components/load-state';
import { PageHeader } from '@/components/page-header';
import { isApiClientError } from '@/lib/api-client';
import { platform } from '@/platform/platform';

const failed = (error: unknown) => toast.error(isApiClientError(error) ? friendlyMessage(error) : friendlyMessage({ status: 500 }));

/** The web's checkout sells here (resume and the card portal are its): never inside a native app, whose store sells. */
const sellsOnWeb = () => platform.sellsPremium && !platform.storeBilling;

function StatusCard({ status }: { status: SubscriptionStatus }) {
  const renewal = useChangeRenewal();
  const portal = useOpenPortal();
  const change = (action: 'cancel' | 'resume') =>
    renewal.mutate(action, { onSuccess: ({ message }) => message && toast.success(message), onError: failed });
  const { storeBilling } = platform;
  // A subscription of this app's store is managed (cancelled) there.
  const inThisStore = storeBilling && status.provider === storeBilling.store ? storeBilling : null;
  return (
    <div className="subscription-card" data-testid="subscription-status">
      {status.is_premium ? (
        <>
          <h2><i className="pi pi-crown" aria-hidden="true" /> {PREMIUM_TEXTS.premium}{status.plan ? ` · ${status.plan.name}` : ''}</h2>
          {status.premium_until && (
            <p>
              {status.in_grace
                ? `Your last renewal failed. Premium continues until ${formatDate(status.premium_until)} — ${status.provider === 'apple' || status.provider === 'google' ? 'update your payment method in the store' : 'update your card'} to keep it.`
                : status.renews ? `Renews on ${formatDate(status.premium_until)}` : `Ends on ${formatDate(status.premium_until)}`}
            </p>
          )}
        </>
      ) : (
        <>
          <h2>{PREMIUM_TEXTS.free}</h2>
          <p>Upgrade to Premium to unlock everything below.</p>
        </>
      )}
      <div className="subscription-actions">
        {status.can_cancel && <Button type="button" label={PREMIUM_TEXTS.cancel} className="p-button-outlined p-button-danger" loading={renewal.isPending} onClick={() => change('cancel')} />}
        {inThisStore && (
          <Button type="button" label={PREMIUM_TEXTS.manageInStore[inThisStore.store]} className="p-button-outlined"
            onClick={() => void inThisStore.manage().catch(failed)} />
        )}
        {status.can_resume && sellsOnWeb() && <Button type="button" label={PREMIUM_TEXTS.resume} loading={renewal.isPending} onClick={() => change('resume')} />}
        {status.has_portal && sellsOnWeb() && (
          <Button type="button" label={PREMIUM_TEXTS.portal} className="p-button-outlined" loading={portal.isPending}
            onClick={() => portal.mutate(undefined, { onSuccess: (url) => window.location.assign(url), onError: failed })} />
        )}
      </div>
    </div>
  );
}

/** Restore purchases (the stores require it): the member's store subscriptions sent to the server again. */
function RestorePurchases() {
  const restore = useRestorePurchases(platform.storeBilling);
  const run = () => restore.mutate(undefined, {
    onSuccess: ({ restored, notYours }) => {
      if (restored > 0) toast.success(PREMIUM_TEXTS.restored);
      else if (notYours > 0) toast.error(SUBSCRIPTION_MESSAGES.storeTransactionNotYours);
      else toast.info(PREMIUM_TEXTS.nothingToRestore);
    },
    onError: failed,
  });
  return (
    <p className="subscription-restore">
      <Button type="button" label={PREMIUM_TEXTS.restore} className="p-button-text" loading={restore.isPending} onClick={run} />
    </p>
  );
}

/** Free for everyone (issue 31), so it is in the comparison: members should not think it is bought. */
const PHOTO_VERIFICATION_ROW = 'Photo verification (the blue check)';

/** /app/subscription: my status, free vs premium, the plans, Manage, and the payment history. */
export function SubscriptionScreen({ title, verifyPath }: { title: string; verifyPath?: string }) {
  const status = useSubscription();
  const plans = usePlans();
  const [params] = useSearchParams();
  const from = params.get('from');
  // Where a notification about a hidden member led (issue 32): what Premium would unlock there.
  const unlock = Object.entries(PREMIUM_UNLOCKS).find(([key]) => key === params.get('unlock'))?.[1];

  const header = <PageHeader title={title} subtitle="Unlimited likes, see who likes you and who visited, and boost your profile." />;
  if (status.isPending || plans.isPending) return <section className="subscription-page">{header}<Loading label="Loading Premium" /></section>;
  if (status.isError || plans.isError) {
    return <section className="subscription-page">{header}<LoadFailed what="Premium" onRetry={() => { void status.refetch(); void plans.refetch(); }} /></section>;
  }
  const mine = status.data;
  // In a native build, the plans its store sells (each has a product there).
  const { storeBilling } = platform;
  const onSale = storeBilling ? plans.data.filter((plan) => plan.store_products[storeBilling.store]) : plans.data;

  return (
    <section className="subscription-page">
      {header}
      {unlock && !mine.is_premium && <p className="premium-unlock" data-testid="premium-unlock">{unlock}</p>}
      <StatusCard status={mine} />

      <table className="premium-compare">
        <caption className="sr-only">Free and Premium compared</caption>
        <thead><tr><th scope="col">Feature</th><th scope="col">{PREMIUM_TEXTS.free}</th><th scope="col">{PREMIUM_TEXTS.premium}</th></tr></thead>
        <tbody>
          {PREMIUM_FEATURES.map((feature) => (
            <tr key={feature.key}><th scope="row">{feature.title}</th><td>{feature.free}</td><td><i className="pi pi-check" role="img" aria-label="Included" /></td></tr>
          ))}
          <tr>
            <th scope="row">{PHOTO_VERIFICATION_ROW}</th>
            <td><i className="pi pi-check" role="img" aria-label="Included" /></td>
            <td><i className="pi pi-check" role="img" aria-label="Included" /></td>
          </tr>
        </tbody>
      </table>
      {verifyPath && (
        <p className="premium-verify-note">
          {VERIFICATION_MESSAGES.free} <Link to={verifyPath}>{VERIFICATION_MESSAGES.getVerified}</Link>
        </p>
      )}

      {!mine.renews && !platform.sellsPremium && <p className="subscription-muted" data-testid="premium-not-in-app">{PREMIUM_TEXTS.notInApp}</p>}
      {!mine.renews && platform.sellsPremium && (
        <>
          <h2 className="subscription-heading">{PREMIUM_TEXTS.choosePlan}</h2>
          <ul className="plan-list">
            {onSale.map((plan) => (
              <li key={plan.id}>
                <Link to={subscriptionPaths.plan(plan.id, from)} className="plan-card">
                  <PlanSummary plan={plan} />
                  <i className="pi pi-chevron-right" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      {platform.storeBilling && <RestorePurchases />}

      <h2 className="subscription-heading">{PREMIUM_TEXTS.history}</h2>
      {mine.payments.length === 0 ? <p className="subscription-muted">{PREMIUM_TEXTS.noHistory}</p> : (
        <ul className="payment-history" aria-label={PREMIUM_TEXTS.history}>
          {mine.payments.map((payment) => (
            <li key={payment.id}>
              <span>{formatDate(payment.created_at)}</span>
              <span>{formatMoney(payment.amount_cents, payment.currency)}</span>
              <span className={`payment-status payment-status--${payment.status}`}>{payment.status}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
