import '@/features/subscriptions/subscriptions.css';
import { PAYMENT_POLL, PREMIUM_TEXTS, type PaymentStatusResult } from '@linkup/contract';
import { Button } from '@/components/button';
import { Spinner } from '@/components/spinner';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { usePayment } from '@/features/subscriptions/api/get-payment';
import { returnPath, subscriptionPaths } from '@/features/subscriptions/utils/paths';
import { LoadFailed } from '@/components/load-state';
import { PageHeader } from '@/components/page-header';
import { platform } from '@/platform/platform';

const MESSAGES: Record<Exclude<PaymentStatusResult['status'], 'pending'>, string> = {
  paid: PREMIUM_TEXTS.paid, failed: PREMIUM_TEXTS.failed, cancelled: PREMIUM_TEXTS.cancelled, refunded: PREMIUM_TEXTS.refunded,
};

/**
 * After the provider's checkout (/app/subscription/payment-return) or to look again
 * (/app/payment-check): "Processing your payment…" while the payment is pending — polled with
 * backoff until paid, failed or a timeout — then the result with a way on.
 */
export function PaymentResultScreen({ title, paymentId }: { title: string; paymentId: string | null }) {
  const [timedOut, setTimedOut] = useState(false);
  const payment = usePayment(paymentId, { poll: !timedOut });
  const pending = payment.data?.status === 'pending';

  useEffect(() => {
    if (!pending || timedOut) return;
    const timer = setTimeout(() => setTimedOut(true), PAYMENT_POLL.timeoutMs);
    return () => clearTimeout(timer);
  }, [pending, timedOut]);

  const body = (() => {
    if (!paymentId) return <p>No payment to check.</p>;
    if (payment.isError) return <LoadFailed what="Your payment" onRetry={() => void payment.refetch()} />;
    if (payment.isPending || (pending && !timedOut)) {
      return (
        <div className="payment-state" role="status">
          <Spinner size={40} />
          <p>{PREMIUM_TEXTS.processing}</p>
        </div>
      );
    }
    const data = payment.data;
    if (data.status === 'pending') {
      return (
        <div className="payment-state" role="alert">
          <p>{PREMIUM_TEXTS.timeout}</p>
          <Button type="button" label={PREMIUM_TEXTS.checkAgain} icon="pi pi-refresh" onClick={() => { setTimedOut(false); void payment.refetch(); }} />
        </div>
      );
    }
    const paid = data.status === 'paid';
    return (
      <div className={`payment-state payment-state--${data.status}`} role={paid ? 'status' : 'alert'}>
        <i className={`pi ${paid ? 'pi-check-circle' : 'pi-times-circle'}`} aria-hidden="true" />
        <p className="payment-result">{MESSAGES[data.status]}</p>
        {paid ? (
          <Link to={returnPath()} className="btn-link-primary">Continue</Link>
        ) : (
          <div className="payment-actions">
            {platform.sellsPremium && <Link to={subscriptionPaths.plan(data.plan_id)} className="btn-link-primary">{PREMIUM_TEXTS.tryAgain}</Link>}
            <Link to={subscriptionPaths.subscription} className="btn-outline">{PREMIUM_TEXTS.backToPremium}</Link>
          </div>
        )}
      </div>
    );
  })();

  // Issue 32: once the payment has an outcome, the title says it ("Payment declined"), not "Processing Payment".
  const outcome = payment.data && payment.data.status !== 'pending' ? PREMIUM_TEXTS.outcomeTitles[payment.data.status] : null;
  return (
    <section className="subscription-page">
      <PageHeader title={outcome ?? title} />
      {body}
    </section>
  );
}
