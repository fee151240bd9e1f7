/** Query keys of the subscriptions feature. */
export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  plans: () => [...subscriptionKeys.all, 'plans'] as const,
  status: () => [...subscriptionKeys.all, 'status'] as const,
  payment: (paymentId: string) => [...subscriptionKeys.all, 'payment', paymentId] as const,
};
