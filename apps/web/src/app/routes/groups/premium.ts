/** Premium: my subscription, the plans and the payment pages. */
export { PaymentCheckRoute, PaymentReturnRoute } from '@/app/routes/app/payment-return';
export { SubscriptionRoute } from '@/app/routes/app/subscription';
export { PaymentRoute, SubscriptionPlanRoute } from '@/app/routes/app/subscription-plan';
