import { routeByName } from '@linkup/contract';
import { useSearchParams } from 'react-router';
import { PaymentResultScreen } from '@/features/subscriptions/components/payment-result-screen';

/** /app/subscription/payment-return?payment_id= — back from the provider's checkout. */
export function PaymentReturnRoute() {
  const [params] = useSearchParams();
  return <PaymentResultScreen title={routeByName('app.subscription.payment-return').title} paymentId={params.get('payment_id')} />;
}

/** /app/payment-check?payment_id= — check a payment again. */
export function PaymentCheckRoute() {
  const [params] = useSearchParams();
  return <PaymentResultScreen title={routeByName('app.payment-check').title} paymentId={params.get('payment_id')} />;
}
