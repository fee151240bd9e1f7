import { PREMIUM_TEXTS, SUBSCRIPTION_MESSAGES, type Plan, type SubscriptionStatus } from '@linkup/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, shellHandlers } from '@/features/matching/test/fixtures';
import { buildSession, calledEndpoints, mockApi, sentBody, type FetchHandler } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

/**
 * Issue 34 item 2: a native build whose store is configured (VITE_STORE_BILLING_*) sells premium
 * through the store — StoreKit on iOS, Play Billing on Android — and the server verifies what the
 * store gives; restore purchases sends the member's store subscriptions again. The fake native
 * platform plays the store's sheet; a build without store billing is premium-in-native-app.test.tsx.
 */
const devices = await vi.hoisted(async () => {
  const { fakeNativePlatform } = await import('@/test/fake-platform');
  const ios = fakeNativePlatform('ios', { store: true });
  const android = fakeNativePlatform('android', { store: true });
  return { ios, android, current: ios };
});
vi.mock('@/platform/platform', () => ({
  get platform() {
    return devices.current.platform;
  },
  getPlatform: () => devices.current.platform.getPlatform(),
}));
vi.mock('@/lib/socket', () => import('@/test/fake-socket').then((m) => m.fakeSocketModule()));

const monthly: Plan = {
  id: 'premium_1m', name: '1 month', months: 1, price_cents: 14900, currency: 'ZAR', price_per_month_cents: 14900, savings_percent: 0,
  store_products: { apple: { product_id: 'app.linkup.premium.1m', base_plan_id: null }, google: { product_id: 'linkup_premium_1m', base_plan_id: 'monthly' } },
};
/** On sale on the web only: no product in either store. */
const quarterly: Plan = { ...monthly, id: 'premium_3m', name: '3 months', months: 3, store_products: { apple: null, google: null } };
const free: SubscriptionStatus = {
  is_premium: false, plan: null, provider: null, premium_until: null, renews: false, in_grace: false, can_cancel: false, can_resume: false, has_portal: false, payments: [],
};
const premium = (provider: 'apple' | 'google'): SubscriptionStatus => ({ ...free, is_premium: true, plan: monthly, provider, premium_until: '2031-01-01T00:00:00.000Z', renews: true });
const TOKEN = '6f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

function api(handlers: Record<string, FetchHandler> = {}) {
  return mockApi({
    ...shellHandlers,
    'GET /api/subscription': () => ok(free),
    'GET /api/subscription/plans': () => ok([monthly, quarterly]),
    'GET /api/subscriptions/apple/account-token': () => ok({ app_account_token: TOKEN }),
    'GET /api/subscriptions/google/account-token': () => ok({ app_account_token: TOKEN }),
    ...handlers,
  });
}

const session = buildSession({ id: 'usr_me', name: 'Alex Demo', is_premium: false });
const openPlan = async () => {
  renderApp('/app/subscription/plans/premium_1m', { session });
  return screen.findByRole('button', { name: PREMIUM_TEXTS.subscribe }, { timeout: 10_000 });
};

beforeEach(() => {
  devices.current = devices.ios;
  vi.clearAllMocks();
});
afterEach(() => vi.unstubAllGlobals());

describe('premium in a native app with store billing', () => {
  it('the Premium page lists the plans the store sells and Restore purchases; no resume and no card portal', async () => {
    api({ 'GET /api/subscription': () => ok({ ...free, can_resume: true, has_portal: true, provider: 'stripe' }) });
    renderApp('/app/subscription', { session });
    expect(await screen.findByRole('heading', { name: PREMIUM_TEXTS.choosePlan }, { timeout: 10_000 })).toBeInTheDocument();
    const planLinks = screen.getAllByRole('link').map((link) => link.getAttribute('href')).filter((href) => href?.startsWith('/app/subscription/plans/'));
    expect(planLinks).toEqual(['/app/subscription/plans/premium_1m']);
    expect(screen.getByRole('button', { name: PREMIUM_TEXTS.restore })).toBeInTheDocument();
    expect(screen.queryByTestId('premium-not-in-app')).toBeNull();
    expect(screen.queryByRole('button', { name: PREMIUM_TEXTS.resume })).toBeNull();
    expect(screen.queryByRole('button', { name: PREMIUM_TEXTS.portal })).toBeNull();
  });

  it('iOS: Subscribe buys the product with the member’s account token, the server verifies the signed transaction, then it is finished', async () => {
    const fetch = api({ 'POST /api/subscriptions/apple/transactions': () => ok(premium('apple')) });
    fireEvent.click(await openPlan());
    expect(screen.getByText(PREMIUM_TEXTS.storeTerms.apple)).toBeInTheDocument();
    expect(await screen.findByText(PREMIUM_TEXTS.paid)).toBeInTheDocument();
    const { storeBilling } = devices.ios;
    expect(storeBilling.purchase).toHaveBeenCalledWith(monthly.store_products.apple, TOKEN);
    expect(sentBody(fetch, 'POST /api/subscriptions/apple/transactions')).toEqual({ signed_transaction: 'jws.app.linkup.premium.1m.signed' });
    expect(storeBilling.finish).toHaveBeenCalledWith(expect.objectContaining({ store: 'apple', transactionId: expect.any(String) }));
    expect(calledEndpoints(fetch)).not.toContain('POST /api/subscription/checkout');
    // Back on the Premium page, which shows the store's subscription and where to manage it.
    const status = await screen.findByTestId('subscription-status');
    expect(status).toHaveTextContent(PREMIUM_TEXTS.premium);
    fireEvent.click(within(status).getByRole('button', { name: PREMIUM_TEXTS.manageInStore.apple }));
    expect(storeBilling.manage).toHaveBeenCalled();
  });

  it('Android: Subscribe buys the product’s base plan and sends Play’s purchase token', async () => {
    devices.current = devices.android;
    const fetch = api({ 'POST /api/subscriptions/google/purchases': () => ok(premium('google')) });
    fireEvent.click(await openPlan());
    expect(await screen.findByText(PREMIUM_TEXTS.paid)).toBeInTheDocument();
    expect(devices.android.storeBilling.purchase).toHaveBeenCalledWith({ product_id: 'linkup_premium_1m', base_plan_id: 'monthly' }, TOKEN);
    expect(calledEndpoints(fetch)).toContain('GET /api/subscriptions/google/account-token');
    expect(sentBody(fetch, 'POST /api/subscriptions/google/purchases')).toEqual({ purchase_token: 'play-token.linkup_premium_1m' });
  });

  it('a closed sheet sends nothing; a pending purchase says it waits; a purchase the server refuses is not finished', async () => {
    const fetch = api({
      'POST /api/subscriptions/apple/transactions': () => failure(409, SUBSCRIPTION_MESSAGES.storeTransactionNotYours, { code: 'store_transaction_not_yours' }),
    });
    const { storeBilling } = devices.ios;
    storeBilling.purchase.mockResolvedValueOnce({ kind: 'cancelled' }).mockResolvedValueOnce({ kind: 'pending' });
    const subscribe = await openPlan();
    fireEvent.click(subscribe);
    await waitFor(() => expect(storeBilling.purchase).toHaveBeenCalledTimes(1));
    fireEvent.click(subscribe);
    expect(await screen.findByText(PREMIUM_TEXTS.purchasePending)).toBeInTheDocument();
    expect(calledEndpoints(fetch)).not.toContain('POST /api/subscriptions/apple/transactions');

    fireEvent.click(subscribe);
    expect(await screen.findByText(SUBSCRIPTION_MESSAGES.storeTransactionNotYours)).toBeInTheDocument();
    expect(storeBilling.finish).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: PREMIUM_TEXTS.subscribe })).toBeInTheDocument(); // still on the plan page
  });

  it('a plan the store does not sell offers no purchase', async () => {
    api();
    renderApp('/app/subscription/plans/premium_3m', { session });
    expect(await screen.findByText('This plan is not available.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PREMIUM_TEXTS.subscribe })).toBeNull();
  });

  it('Restore purchases sends each current store subscription again: another account’s is skipped, the member’s restores premium', async () => {
    const { storeBilling } = devices.ios;
    const theirs = { store: 'apple' as const, signedTransaction: 'jws.theirs', transactionId: '1' };
    const mine = { store: 'apple' as const, signedTransaction: 'jws.mine', transactionId: '2' };
    storeBilling.restore.mockResolvedValueOnce([theirs, mine]).mockResolvedValueOnce([]);
    const fetch = api({
      'POST /api/subscriptions/apple/transactions': (_url, init) => (String(init.body).includes('jws.theirs')
        ? failure(409, SUBSCRIPTION_MESSAGES.storeTransactionNotYours, { code: 'store_transaction_not_yours' })
        : ok(premium('apple'))),
    });
    renderApp('/app/subscription', { session });
    const restore = await screen.findByRole('button', { name: PREMIUM_TEXTS.restore }, { timeout: 10_000 });
    fireEvent.click(restore);
    expect(await screen.findByText(PREMIUM_TEXTS.restored)).toBeInTheDocument();
    expect(calledEndpoints(fetch).filter((e) => e === 'POST /api/subscriptions/apple/transactions')).toHaveLength(2);
    expect(storeBilling.finish.mock.calls).toEqual([[mine]]);
    expect(await screen.findByTestId('subscription-status')).toHaveTextContent(PREMIUM_TEXTS.premium);

    fireEvent.click(screen.getByRole('button', { name: PREMIUM_TEXTS.restore }));
    expect(await screen.findByText(PREMIUM_TEXTS.nothingToRestore)).toBeInTheDocument();
  });
});
