import { PREMIUM_TEXTS, type Plan, type SubscriptionStatus } from '@linkup/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildStats, ok, shellHandlers } from '@/features/matching/test/fixtures';
import { buildSession, calledEndpoints, mockApi, type FetchHandler } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

/**
 * Issue 34 item 2: the stores refuse apps that sell a digital subscription through anything but
 * their own billing, and the apps have none yet — so inside them no purchase button and no upsell
 * link, while premium itself (bought on the web) still applies. The web's side of each screen is in
 * its own tests (dashboard, visitors, likes, More).
 */
const device = await vi.hoisted(async () => (await import('@/test/fake-platform')).fakeNativePlatform('ios'));
vi.mock('@/platform/platform', () => ({ platform: device.platform, getPlatform: device.platform.getPlatform }));
vi.mock('@/lib/socket', () => import('@/test/fake-socket').then((m) => m.fakeSocketModule()));

const plan: Plan = { id: 'premium_1m', name: '1 month', months: 1, price_cents: 14900, currency: 'ZAR', price_per_month_cents: 14900, savings_percent: 0, store_products: { apple: null, google: null } };
const free: SubscriptionStatus = {
  is_premium: false, plan: null, provider: null, premium_until: null, renews: false, in_grace: false, can_cancel: false, can_resume: false, has_portal: false, payments: [],
};

function api(handlers: Record<string, FetchHandler> = {}) {
  return mockApi({
    ...shellHandlers,
    'GET /api/subscription': () => ok(free),
    'GET /api/subscription/plans': () => ok([plan]),
    ...handlers,
  });
}

const session = buildSession({ id: 'usr_me', name: 'Alex Demo', is_premium: false });
const upsellLinks = () => screen.queryAllByRole('link').filter((link) => link.getAttribute('href')?.startsWith('/app/subscription'));

afterEach(() => vi.unstubAllGlobals());

describe('premium in the native app without store billing', () => {
  it('the Premium page shows the member’s status and what Premium is, but no plans to buy, no resume and no card portal', async () => {
    api({ 'GET /api/subscription': () => ok({ ...free, can_resume: true, has_portal: true, provider: 'stripe' }) });
    renderApp('/app/subscription', { session });
    // The first page of a file loads its lazy page group cold.
    expect(await screen.findByTestId('subscription-status', {}, { timeout: 10_000 })).toHaveTextContent(PREMIUM_TEXTS.free);
    expect(screen.getByRole('table', { name: 'Free and Premium compared' })).toBeInTheDocument();
    expect(screen.getByTestId('premium-not-in-app')).toHaveTextContent(PREMIUM_TEXTS.notInApp);
    expect(screen.queryByRole('heading', { name: PREMIUM_TEXTS.choosePlan })).toBeNull();
    expect(screen.queryByRole('button', { name: PREMIUM_TEXTS.resume })).toBeNull();
    expect(screen.queryByRole('button', { name: PREMIUM_TEXTS.portal })).toBeNull();
    expect(upsellLinks()).toEqual([]);
  });

  it('premium bought elsewhere still shows as premium, and may still be cancelled', async () => {
    api({
      'GET /api/subscription': () => ok({ ...free, is_premium: true, plan, provider: 'stripe', premium_until: '2031-01-01T00:00:00.000Z', renews: true, can_cancel: true }),
    });
    renderApp('/app/subscription', { session: buildSession({ id: 'usr_me', is_premium: true }) });
    const status = await screen.findByTestId('subscription-status', {}, { timeout: 10_000 });
    expect(status).toHaveTextContent(`${PREMIUM_TEXTS.premium} · 1 month`);
    expect(within(status).getByRole('button', { name: PREMIUM_TEXTS.cancel })).toBeInTheDocument();
  });

  it('a plan page opened by a link offers no payment and starts no checkout', async () => {
    const fetch = api();
    renderApp('/app/subscription/plans/premium_1m', { session });
    expect(await screen.findByText(PREMIUM_TEXTS.notInApp, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PREMIUM_TEXTS.continueToPayment })).toBeNull();
    expect(calledEndpoints(fetch)).not.toContain('POST /api/subscription/checkout');
  });

  it('a locked list shows its count without an upgrade link; More has no premium banner', async () => {
    api({ 'GET /api/visitors': () => ok({ count: 7, locked: true, items: [], placeholders: 6 }) });
    const view = renderApp('/app/visitors', { session });
    expect(await screen.findByTestId('locked-placeholders', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(upsellLinks()).toEqual([]);
    view.unmount();

    api({ 'GET /api/matches/stats/summary': () => ok(buildStats({})) });
    renderApp('/app/more', { session });
    await screen.findByRole('heading', { level: 1, name: 'More' }, { timeout: 10_000 });
    expect(screen.queryByRole('link', { name: /^Upgrade to Premium/ })).toBeNull();
  });
});
