import type { Plan, SubscriptionStatus, VerificationState } from '@linkup/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildPost, page as feedPage } from '@/features/feed/test/fixtures';
import { buildCard, buildMatch, buildStats, buildSummary, ok, page, shellHandlers } from '@/features/matching/test/fixtures';
import { buildSession, mockApi, unreadCounts, type FetchHandler } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

/**
 * Issue 31 where a member meets verification outside its own page: the badge beside a verified
 * member's name, the "Verified only" filters, and "Get verified" after a first match and on the
 * Premium page (free). The flow itself: features/verification.
 */
vi.mock('@/lib/socket', () => import('@/test/fake-socket').then((m) => m.fakeSocketModule()));

const session = buildSession({ id: 'usr_me', name: 'Alex Demo' });
const notVerified: VerificationState = { status: 'none', verified_at: null, attempts_left_today: 5, reasons: [] };
const api = (handlers: Record<string, FetchHandler>) =>
  mockApi({ ...shellHandlers, 'GET /api/verification': () => ok(notVerified), ...handlers });
const lastCall = (fetch: ReturnType<typeof api>, path: string) =>
  new URL(String(fetch.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith(`${path}?`)).at(-1)), 'http://x').searchParams;

afterEach(() => vi.unstubAllGlobals());

describe('Discover (issue 31)', { timeout: 30_000 }, () => {
  it('shows the badge on a verified member’s card, and asks for verified members only when the filter is on', async () => {
    const fetch = api({
      'GET /api/matches/discover': () => ok({ items: [buildCard('usr_thandi', 'Thandi', { is_verified: true }), buildCard('usr_sipho', 'Sipho', { age: 31 })], has_more: false }),
      'GET /api/matches/stats/summary': () => ok(buildStats()),
    });
    renderApp('/app/discover', { session });
    const card = await screen.findByRole('article', { name: 'Thandi, 28' }, { timeout: 10_000 });
    expect(within(within(card).getByRole('heading', { level: 2 })).getByRole('img', { name: 'Verified' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const form = await screen.findByRole('form', { name: 'Discover filters' }, { timeout: 5000 });
    await user.click(within(form).getByRole('checkbox', { name: 'Verified only' }));
    await user.click(within(form).getByRole('button', { name: 'Show results' }));
    await waitFor(() => expect(lastCall(fetch, '/api/matches/discover').get('verified_only')).toBe('true'), { timeout: 5000 });
    expect(screen.getByRole('button', { name: 'Filters, 1 set' })).toBeInTheDocument();
  });
});

describe('Matches (issue 31)', { timeout: 30_000 }, () => {
  it('shows the badge beside a verified match, and "Get verified" once there is a first match', async () => {
    api({ 'GET /api/matches': () => ok(page([buildMatch('m1', buildSummary('usr_thandi', 'Thandi', { is_verified: true }))])) });
    renderApp('/app/matches', { session });
    const list = await screen.findByRole('list', { name: 'Your matches' }, { timeout: 10_000 });
    expect(within(list).getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    const card = await screen.findByRole('region', { name: 'Photo verification' }, { timeout: 5000 });
    expect(within(card).getByRole('link', { name: 'Get verified' })).toHaveAttribute('href', '/app/verify');
  });

  it('does not offer it before the first match', async () => {
    api({ 'GET /api/matches': () => ok(page([])) });
    renderApp('/app/matches', { session });
    expect(await screen.findByText('No matches yet', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Photo verification' })).not.toBeInTheDocument();
  });
});

describe('Feed (issue 31)', { timeout: 30_000 }, () => {
  it('shows the badge beside a verified author, and asks for verified members’ posts only when the filter is on', async () => {
    const fetch = api({
      'GET /api/feed/notifications/unread-count': () => ok(unreadCounts()),
      'GET /api/feed': () => ok(feedPage([buildPost('p1', 'Thandi', { is_verified: true }), buildPost('p2', 'Lerato')])),
      'GET /api/feed/my-post': () => ok({ has_post: false, post: null }),
    });
    renderApp('/app/feed', { session });
    await screen.findByRole('heading', { level: 1, name: 'Feed' }, { timeout: 10_000 });
    const post = await screen.findByRole('article', { name: 'Thandi Verified' }, { timeout: 10_000 });
    expect(within(post).getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Lerato' })).queryByRole('img', { name: 'Verified' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const form = await screen.findByRole('form', { name: 'Feed filters' }, { timeout: 5000 });
    await user.click(within(form).getByRole('checkbox', { name: 'Verified only' }));
    await user.click(within(form).getByRole('button', { name: 'Show posts' }));
    await waitFor(() => expect(lastCall(fetch, '/api/feed').get('verifiedOnly')).toBe('true'), { timeout: 5000 });
  });
});

describe('Premium (issue 31)', { timeout: 30_000 }, () => {
  it('lists photo verification as free in the comparison, with Get verified', async () => {
    const plan: Plan = { id: 'premium_1m', name: '1 month', months: 1, price_cents: 14900, currency: 'ZAR', price_per_month_cents: 14900, savings_percent: 0, store_products: { apple: null, google: null } };
    const free: SubscriptionStatus = {
      is_premium: false, plan: null, provider: null, premium_until: null, renews: false, in_grace: false, can_cancel: false, can_resume: false, has_portal: false, payments: [],
    };
    api({ 'GET /api/subscription': () => ok(free), 'GET /api/subscription/plans': () => ok([plan]) });
    renderApp('/app/subscription', { session });
    const table = await screen.findByRole('table', { name: 'Free and Premium compared' }, { timeout: 10_000 });
    const row = within(table).getByRole('row', { name: /Photo verification/ });
    expect(within(row).getAllByRole('img', { name: 'Included' })).toHaveLength(2);
    expect(screen.getByText(/Photo verification is free for everyone\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get verified' })).toHaveAttribute('href', '/app/verify');
  });
});
