import { MATCHING_MESSAGES, type OwnProfile } from '@linkup/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildCard, buildMatch, buildStats, buildSummary, failure, ok, page, shellHandlers,
} from '@/features/matching/test/fixtures';
import { buildSession, calledEndpoints, mockApi, type FetchHandler } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/socket', () => import('@/test/fake-socket').then((m) => m.fakeSocketModule()));

const session = buildSession({ id: 'usr_me', name: 'Alex Demo', is_premium: false });
const thandi = buildSummary('usr_thandi', 'Thandi Nkosi');

const profile = (percentage: number) => ({
  id: 'usr_me', name: 'Alex Demo', email: 'demo@linkup.app', phone_number: '+27820000001', date_of_birth: '1995-01-01', age: 30,
  gender: 'male', marital_status: null, body_type: null, relationship_type: null, how_often_drink: null, love_language: null,
  height_cm: null, job_title: null, education: null, about: null, city: 'Cape Town', province: 'Western Cape', photos: [], interests: [],
  profile_completed: true, onboarding_completed_at: '2030-01-01T00:00:00.000Z',
  completion: { percentage, missing: percentage < 100 ? [{ field: 'about', label: 'Write something about yourself' }] : [] },
}) satisfies OwnProfile;

function api(handlers: Record<string, FetchHandler> = {}) {
  return mockApi({
    ...shellHandlers,
    'GET /api/profile': () => ok(profile(60)),
    'GET /api/matches/stats/summary': () => ok(buildStats({ likes_left_today: 20, super_likes_left_today: 1, matches: 3, profile_views: 7 })),
    'GET /api/matches': () => ok(page([buildMatch('m1', thandi)])),
    'GET /api/visitors': () => ok({ count: 7, locked: true, items: [], placeholders: 6 }),
    'GET /api/matches/discover': () => ok({ items: [buildCard('usr_lerato', 'Lerato', { age: 26, reasons: ['New here'] })], has_more: false }),
    ...handlers,
  });
}

async function openDashboard() {
  renderApp('/app/dashboard', { session });
  expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
  return userEvent.setup();
}

afterEach(() => vi.unstubAllGlobals());

describe('Dashboard (/app/dashboard)', () => {
  it('greets the member by first name and nudges an incomplete profile', async () => {
    api();
    await openDashboard();
    expect(screen.getByText(/^Good (morning|afternoon|evening), Alex!$/)).toBeInTheDocument();
    const nudge = await screen.findByRole('region', { name: 'Your profile is 60% complete' });
    expect(within(nudge).getByRole('progressbar', { name: 'Profile completion' })).toBeInTheDocument();
    expect(nudge).toHaveTextContent('Next: write something about yourself.');
    expect(within(nudge).getByRole('link', { name: /Complete your profile/ })).toHaveAttribute('href', '/app/profile');
  });

  it("shows today's numbers, new matches, who viewed me (locked) and suggestions, with the upgrade banner", async () => {
    api();
    await openDashboard();
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(await within(today).findByText('20')).toBeInTheDocument();
    expect(today).toHaveTextContent('Likes left20');
    expect(today).toHaveTextContent('Super likes left1');
    expect(today).toHaveTextContent('Matches3');
    expect(today).toHaveTextContent('Profile views7');

    const strip = await screen.findByRole('list', { name: 'New matches' });
    expect(within(strip).getByRole('link', { name: 'Thandi' })).toHaveAttribute('href', '/app/match/m1');

    const viewed = screen.getByRole('region', { name: 'Who viewed me' });
    expect(await within(viewed).findByText('7 people')).toBeInTheDocument();
    expect(within(viewed).getByRole('link', { name: 'Upgrade to see who' })).toHaveAttribute('href', '/app/subscription?from=%2Fapp%2Fdashboard');

    const suggested = await screen.findByRole('list', { name: 'Suggested profiles' });
    expect(within(suggested).getByRole('link', { name: /Lerato, 26/ })).toHaveAttribute('href', '/app/user/usr_lerato');

    expect(screen.getByRole('link', { name: /Upgrade to Premium/ })).toHaveAttribute('href', '/app/subscription?from=%2Fapp%2Fdashboard');
  });

  it('shows a premium member their visitors, unlimited likes and no upgrade banner', async () => {
    api({
      'GET /api/profile': () => ok(profile(100)),
      'GET /api/matches/stats/summary': () => ok(buildStats({ is_premium: true, likes_left_today: null, super_likes_left_today: 5 })),
      'GET /api/visitors': () => ok({ count: 1, locked: false, placeholders: 0, items: [{ user: thandi, visited_at: new Date().toISOString() }] }),
    });
    await openDashboard();
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(await within(today).findByText('Unlimited')).toBeInTheDocument();
    const visitors = await screen.findByRole('list', { name: 'Recent visitors' });
    expect(within(visitors).getByRole('link', { name: 'Thandi' })).toHaveAttribute('href', '/app/user/usr_thandi');
    expect(screen.queryByRole('link', { name: /Upgrade to Premium/ })).toBeNull();
    expect(screen.queryByRole('region', { name: /complete$/ })).toBeNull();
  });

  it('offers Premium when a free member taps Boost, without a call the server would refuse', async () => {
    const fetch = api({ 'POST /api/matches/boost-profile': () => failure(402, MATCHING_MESSAGES.premiumOnly) });
    const user = await openDashboard();
    await user.click(await screen.findByRole('button', { name: 'Boost my profile' }));
    expect(await screen.findByRole('dialog', { name: 'Upgrade to Premium' })).toHaveTextContent(MATCHING_MESSAGES.premiumOnly);
    expect(calledEndpoints(fetch)).not.toContain('POST /api/matches/boost-profile');
  });

  it('boosts a premium member', async () => {
    api({
      'GET /api/matches/stats/summary': () => ok(buildStats({ is_premium: true, likes_left_today: null })),
      'POST /api/matches/boost-profile': () => ok({ active_until: new Date(Date.now() + 1_800_000).toISOString() }, MATCHING_MESSAGES.boosted),
    });
    const user = await openDashboard();
    await user.click(await screen.findByRole('button', { name: 'Boost my profile' }));
    expect(await screen.findByText(MATCHING_MESSAGES.boosted)).toBeInTheDocument();
  });

  it('holds a placeholder until the first answers are in, then shows every section at once (nothing moves as they arrive)', async () => {
    let answerStats: (response: Response) => void = () => {};
    api({ 'GET /api/matches/stats/summary': () => new Promise<Response>((resolve) => (answerStats = resolve)) });
    await openDashboard();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your dashboard…');
    // The session says the member is free: the banner shows with the header, above the placeholder.
    const banner = screen.getByRole('link', { name: /Upgrade to Premium/ });
    expect(banner.compareDocumentPosition(screen.getByRole('status')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your profile is 60% complete' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'New matches' })).toBeNull();

    answerStats(ok(buildStats({ likes_left_today: 20 })));
    expect(await screen.findByRole('region', { name: 'Your profile is 60% complete' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Upgrade to Premium/ })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Today' })).toHaveTextContent('Likes left20');
    expect(screen.getByRole('list', { name: 'New matches' })).toBeInTheDocument();
    expect(screen.queryByText('Loading your dashboard…')).toBeNull();
  });

  it('keeps the page when the numbers cannot be loaded', async () => {
    api({ 'GET /api/matches/stats/summary': () => failure(404, 'Resource not found.') });
    await openDashboard();
    expect(await screen.findByText("Today's numbers could not be loaded.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('keeps the sections when one cannot be loaded, without asking for it over and over', async () => {
    const fetch = api({ 'GET /api/visitors': () => failure(404, 'Resource not found.') });
    await openDashboard();
    expect(await screen.findByRole('region', { name: 'Today' })).toBeInTheDocument();
    // The section's own mount asks once more, and its failure then stays on screen. Going back to
    // the placeholder asked again forever: the section unmounted while asking, so its failure never showed.
    expect(await screen.findByText('Your visitors could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Today' })).toBeInTheDocument();
    expect(calledEndpoints(fetch).filter((call) => call === 'GET /api/visitors').length).toBeLessThanOrEqual(2);
  });
});
