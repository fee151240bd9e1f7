import { MATCHING_MESSAGES, type MatchDetails } from '@linkup/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SwipeActions } from '@/features/matching/components/swipe-actions';
import {
  buildMatch, buildProfile, buildSummary, dailyLimitFailure, failure, ok, shellHandlers, swipeResult,
} from '@/features/matching/test/fixtures';
import { useSessionStore } from '@/lib/session-store';
import { buildSession, calledEndpoints, mockApi, resetStores, type FetchHandler } from '@/test/fixtures';
import { AppWrapper, renderApp } from '@/test/render-app';

vi.mock('@/lib/socket', () => import('@/test/fake-socket').then((m) => m.fakeSocketModule()));
const confirm = vi.hoisted(() => vi.fn(async () => true));
vi.mock(import('@/lib/dialogs'), async (importOriginal) => ({ ...(await importOriginal()), confirmDialog: confirm }));

const session = buildSession({ id: 'usr_me', name: 'Alex Demo' });
const thandi = buildSummary('usr_thandi', 'Thandi', { age: 28, city: 'Cape Town' });
const api = (handlers: Record<string, FetchHandler>) => mockApi({ ...shellHandlers, ...handlers });

beforeEach(() => confirm.mockClear());
afterEach(() => vi.unstubAllGlobals());

describe('Visitors (/app/visitors)', () => {
  it('shows a premium member who visited, with city and when', async () => {
    api({ 'GET /api/visitors': () => ok({ count: 1, locked: false, placeholders: 0, items: [{ user: thandi, visited_at: new Date().toISOString() }] }) });
    renderApp('/app/visitors', { session });
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile Visitors' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Profile visitors' });
    const link = within(list).getByRole('link');
    expect(link).toHaveAttribute('href', '/app/user/usr_thandi');
    expect(link).toHaveTextContent('Thandi, 28');
    expect(link).toHaveTextContent('Cape Town · Just now');
  });

  it('shows a free member the count, blurred placeholders and Upgrade', async () => {
    api({ 'GET /api/visitors': () => ok({ count: 9, locked: true, items: [], placeholders: 6 }) });
    renderApp('/app/visitors', { session });
    const locked = await screen.findByRole('region', { name: '9 people viewed your profile' });
    expect(within(locked).getByTestId('locked-placeholders').children).toHaveLength(6);
    expect(locked.querySelectorAll('img')).toHaveLength(0);
    expect(within(locked).getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/app/subscription?from=%2Fapp%2Fvisitors');
  });
});

describe('Recent activity (/app/activity)', () => {
  it('groups the timeline by day, with what happened and a link to the match or profile', async () => {
    const now = new Date();
    const yesterday = new Date(now.getTime() - 26 * 60 * 60 * 1000);
    api({
      'GET /api/activity': () => ok({
        items: [
          { type: 'match', at: now.toISOString(), user: thandi, match_id: 'm1' },
          { type: 'visited_me', at: now.toISOString(), user: buildSummary('usr_s', 'Sipho'), match_id: null },
          { type: 'super_like_sent', at: yesterday.toISOString(), user: buildSummary('usr_l', 'Lerato'), match_id: null },
        ],
      }),
    });
    renderApp('/app/activity', { session });
    expect(await screen.findByRole('heading', { level: 1, name: 'Recent Activity' })).toBeInTheDocument();
    const today = await screen.findByRole('region', { name: 'Today' });
    const items = within(today).getAllByRole('link');
    expect(items[0]).toHaveTextContent('You matched with Thandi');
    expect(items[0]).toHaveAttribute('href', '/app/match/m1');
    expect(items[1]).toHaveTextContent('Sipho viewed your profile');
    expect(items[1]).toHaveAttribute('href', '/app/user/usr_s');
    const earlier = screen.getAllByRole('region').find((r) => r !== today && within(r).queryByText('You super liked Lerato'));
    expect(earlier).toBeDefined();
  });

  it('says so when there is nothing yet', async () => {
    api({ 'GET /api/activity': () => ok({ items: [] }) });
    renderApp('/app/activity', { session });
    expect(await screen.findByRole('heading', { level: 2, name: 'Nothing here yet' })).toBeInTheDocument();
  });
});

describe('Match details (/app/match/:id)', () => {
  const details: MatchDetails = {
    ...buildMatch('m1', thandi, { chat_room_id: 'room_9', created_at: '2030-03-14T12:00:00.000Z' }),
    shared_interests: ['Hiking', 'Jazz'],
    liked_first: 'them',
    my_action: 'like',
    their_action: 'super_like',
    profile: buildProfile('usr_thandi', 'Thandi', { about: 'Coffee first.', job_title: 'Architect' }),
  };

  it('shows when and how we matched, what we share, their profile and Start Chat', async () => {
    api({ 'GET /api/matches/m1': () => ok(details) });
    renderApp('/app/match/m1', { session });
    expect(await screen.findByRole('heading', { level: 1, name: 'Match Details' })).toBeInTheDocument();
    expect(await screen.findByText(/You matched on/)).toHaveTextContent('You matched on March 14, 2030');
    expect(screen.getByText('Thandi super liked you first, and you liked Thandi back.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Shared interests' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Hiking', 'Jazz']);
    expect(screen.getByText('Coffee first.')).toBeInTheDocument();
    expect(screen.getByText('Architect')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Chat' })).toHaveAttribute('href', '/app/chat/room_9');
    expect(screen.getByRole('link', { name: 'View profile' })).toHaveAttribute('href', '/app/user/usr_thandi');
  });

  it('unmatches after confirming and returns to the matches', async () => {
    api({
      'GET /api/matches/m1': () => ok(details),
      'DELETE /api/matches/m1': () => ok(null, MATCHING_MESSAGES.unmatched),
      'GET /api/matches': () => ok({ items: [], pagination: { current_page: 1, last_page: 1, per_page: 20, total: 0 } }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/app/match/m1', { session });
    await user.click(await screen.findByRole('button', { name: 'Unmatch Thandi' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/matches'));
    expect(await screen.findByText(MATCHING_MESSAGES.unmatched)).toBeInTheDocument();
  });

  it('says when the match is gone', async () => {
    api({ 'GET /api/matches/m1': () => failure(404, MATCHING_MESSAGES.matchNotFound) });
    renderApp('/app/match/m1', { session });
    expect(await screen.findByRole('heading', { level: 2, name: 'This match is no longer available' })).toBeInTheDocument();
  });
});

describe('SwipeActions (for /app/user/:id)', () => {
  function renderActions(props: Partial<Parameters<typeof SwipeActions>[0]> = {}) {
    resetStores(session);
    const onDone = vi.fn();
    const router = createMemoryRouter([{ path: '/', element: <SwipeActions userId="usr_thandi" name="Thandi" onDone={onDone} {...props} /> }]);
    render(<AppWrapper><RouterProvider router={router} /></AppWrapper>);
    return { onDone, user: userEvent.setup() };
  }

  it('likes, super likes and passes, and reports what happened', async () => {
    const fetch = api({
      'POST /api/matches/usr_thandi/like': () => ok(swipeResult('like')),
      'POST /api/matches/usr_thandi/pass': () => ok(swipeResult('pass')),
    });
    const { onDone, user } = renderActions({ likedMe: true });
    const group = screen.getByRole('group', { name: 'Like or pass on Thandi' });
    expect(within(group).getByRole('button', { name: 'Super like' })).toBeInTheDocument();
    await user.click(within(group).getByRole('button', { name: 'Like back' }));
    expect(await screen.findByText('You liked Thandi.')).toBeInTheDocument();
    expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ action: 'like', matched: false }));
    await user.click(within(group).getByRole('button', { name: 'Pass' }));
    expect(await screen.findByText('You passed on Thandi.')).toBeInTheDocument();
    expect(calledEndpoints(fetch)).toEqual(expect.arrayContaining(['POST /api/matches/usr_thandi/like', 'POST /api/matches/usr_thandi/pass']));
  });

  it('celebrates a match', async () => {
    const match = buildMatch('m5', thandi, { chat_room_id: 'room_5' });
    api({ 'POST /api/matches/usr_thandi/super-like': () => ok(swipeResult('super_like', { matched: true, match })) });
    const { onDone, user } = renderActions();
    await user.click(screen.getByRole('button', { name: 'Super like' }));
    const dialog = await screen.findByRole('dialog', { name: "It's a match!" });
    expect(within(dialog).getByRole('link', { name: 'Start Chat' })).toHaveAttribute('href', '/app/chat/room_5');
    await user.click(within(dialog).getByRole('button', { name: 'Keep browsing' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ matched: true })));
  });

  it('shows the daily limit as an upsell with when it resets, and stays signed in', async () => {
    api({ 'POST /api/matches/usr_thandi/like': () => dailyLimitFailure('likes', '2030-01-02T00:00:00.000Z') });
    const { onDone, user } = renderActions();
    await user.click(screen.getByRole('button', { name: 'Like' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Premium' });
    expect(dialog).toHaveTextContent(MATCHING_MESSAGES.outOfLikes);
    expect(dialog).toHaveTextContent('More arrive');
    expect(onDone).not.toHaveBeenCalled();
    expect(useSessionStore.getState().token).toBe(session.token);
  });
});
