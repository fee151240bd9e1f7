import { SUBSCRIPTION_PATH, buildPath, routeByName } from '@linkup/contract';
import { DISPLAY_LOCALE } from '@/lib/format';

export const subscriptionPaths = {
  subscription: SUBSCRIPTION_PATH,
  plan: (planId: string, from?: string | null) => withFrom(buildPath(routeByName('app.subscription.plan').path, { id: planId }), from),
  paymentCheck: (paymentId: string) => `${routeByName('app.payment-check').path}?payment_id=${encodeURIComponent(paymentId)}`,
  likes: routeByName('app.likes').path,
};

const withFrom = (path: string, from?: string | null) => (from ? `${path}?from=${encodeURIComponent(from)}` : path);

const RETURN_KEY = 'linkup.premium.return-to';

/** Only a path inside the app is a place to go back to (never another site). */
export const safeReturnPath = (path: string | null | undefined): string | null => (path && /^\/app\/[\w\-/]*$/.test(path) ? path : null);

/** Remembers where the member was when they went to pay (the checkout leaves the app). */
export function rememberReturnPath(path: string | null): void {
  const safe = safeReturnPath(path);
  if (safe) sessionStorage.setItem(RETURN_KEY, safe);
  else sessionStorage.removeItem(RETURN_KEY);
}

/** Where to go after paying: where the member was, else People Who Like You. */
export const returnPath = (): string => safeReturnPath(sessionStorage.getItem(RETURN_KEY)) ?? subscriptionPaths.likes;

export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat(DISPLAY_LOCALE, { style: 'currency', currency }).format(cents / 100);
}

const dateFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, { month: 'short', day: 'numeric', year: 'numeric' });
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
