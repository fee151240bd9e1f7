import { MATCHING_MESSAGES } from '@linkup/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSocket } from '@/test/fake-socket';
import {
  buildMatch, buildStats, buildSummary, failure, ok, page, shellHandlers, swipeResult,
} from '@/features/matching/test/fixtures';
import { buildSession, calledEndpoints, mockApi, type FetchHandler } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/socket', () => import('@/test/fake-socket').then((m) => m.fakeSocketModule()));
const confirm = vi.hoisted(() => vi.fn(async () => true));
vi.mock(import('@/lib/dialogs'), async (importOriginal) => ({ ...(await importOriginal()), confirmDialog: confirm }));

const session = buildSession({ id: 'usr_me', name: 'Alex Demo' });
const thandi = buildSummary('usr_thandi', 'Thandi', { age: 28, city: 'Cape Town' });
const sipho = buildSummary('usr_sipho', 'Sipho', { age: 31, photo: null });
const matchT = buildMatch('m_t', thandi, { chat_room_id: 'room_t', kind: 'super_like' });
const matchS = buildMatch('m_s', sipho, { chat_room_id: 'room_s' });

const lockedLikes = { count: 4, locked: true, items: [], placeholders: 4 };
const openLikes = {
  count: 2,
  locked: false,
  placeholders: 0,
  items: [
    { user: thandi, kind: 'super_like', liked_at: new Date().toISOString() },
    { user: sipho, kind: 'like', liked_at: new Date().toISOString() },
  ],
};

function api(handlers: Record<string, FetchHandler> = {}) {
  return mockApi({
    ...shellHandlers,
    'GET /api/matches': () => ok(page([matchT, matchS])),
    'GET /api/matches/likes': () => ok(lockedLikes),
    'GET /api/matches/stats/summary': () => ok(buildStats()),
    ...handlers,
  });
}

beforeEach(() => {
  fakeSocket.reset();
  confirm.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('Matches view (/app/matches)', () => {
  it('lists my matches with photo, name and age, and Open chat, View profile and Unmatch', async () => {
    api();
    renderApp('/app/matches', { session });
    expect(await screen.findByRole('heading', { level: 1, name: 'Matches' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Your matches' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Thandi, 28');
    expect(first).toHaveTextContent('Super match');
    expect(within(first!).getByRole('link', { name: /Thandi, 28/ })).toHaveAttribute('href', '/app/match/m_t');
    expect(within(first!).getByRole('link', { name: 'Open chat' })).toHaveAttribute('href', '/app/chat/room_t');
    expect(within(first!).getByRole('link', { name: 'View profile' })).toHaveAttribute('href', '/app/user/usr_thandi');
    expect(second!.querySelector('img')).toBeNull(); // no photo: initials
    expect(second).toHaveTextContent('Sipho, 31');
    expect(within(screen.getByRole('navigation', { name: 'Matches and likes' })).getByRole('link', { name: 'Matches', current: 'page' })).toHaveAttribute('href', '/app/matches');
    expect(screen.getByText('2 matches')).toBeInTheDocument();
  });

  it('unmatches after confirming, and the list reloads', async () => {
    let unmatched = false;
    const fetch = api({
      'GET /api/matches': () => ok(page(unmatched ? [matchS] : [matchT, matchS])),
      'DELETE /api/matches/m_t': () => {
        unmatched = true;
        return ok(null, MATCHING_MESSAGES.unmatched);
      },
    });
    const user = userEvent.setup();
    renderApp('/app/matches', { session });
    await screen.findByRole('list', { name: 'Your matches' });
    await user.click(screen.getByRole('button', { name: 'Unmatch Thandi' }));
    expect(confirm).toHaveBeenCalledWith('Unmatch Thandi?', expect.any(String), { destructive: true, confirmLabel: 'Unmatch' });
    expect(await screen.findByText(MATCHING_MESSAGES.unmatched)).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Your matches' })).getAllByRole('listitem')).toHaveLength(1));
    expect(calledEndpoints(fetch)).toContain('DELETE /api/matches/m_t');
  });

  it('does not unmatch when the member says no', async () => {
    confirm.mockResolvedValueOnce(false);
    const fetch = api();
    const user = userEvent.setup();
    renderApp('/app/matches', { session });
    await screen.findByRole('list', { name: 'Your matches' });
    await user.click(screen.getByRole('button', { name: 'Unmatch Thandi' }));
    expect(calledEndpoints(fetch)).not.toContain('DELETE /api/matches/m_t');
  });

  it('shows an empty state that leads to Discover', async () => {
    api({ 'GET /api/matches': () => ok(page([])) });
    renderApp('/app/matches', { session });
    expect(await screen.findByRole('heading', { level: 2, name: 'No matches yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start discovering' })).toHaveAttribute('href', '/app/discover');
  });

  it('reloads when a match arrives in real time', async () => {
    let matches = [matchS];
    const fetch = api({ 'GET /api/matches': () => ok(page(matches)) });
    renderApp('/app/matches', { session });
    await screen.findByRole('list', { name: 'Your matches' });
    // The shell's syncs mount after the page's load; two of them listen to notifications (the
    // notification card adds at most one more): wait for them before the event.
    await waitFor(() => expect(fakeSocket.listenerCount('notification')).toBeGreaterThanOrEqual(2));
    matches = [matchT, matchS];
    await fakeSocket.deliver('notification', { type: 'match', user_id: 'usr_thandi', chat_room_id: 'room_t' });
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Your matches' })).getAllByRole('listitem')).toHaveLength(2));
    expect(calledEndpoints(fetch).filter((e) => e === 'GET /api/matches')).toHaveLength(2);
    // Other notifications do not.
    await fakeSocket.deliver('notification', { type: 'message' });
    expect(calledEndpoints(fetch).filter((e) => e === 'GET /api/matches')).toHaveLength(2);
  });
});

describe('Likes view (/app/likes)', () => {
  it('shows a free member the count and blurred placeholders with no photos or names, and Upgrade', async () => {
    api();
    renderApp('/app/likes', { session });
    expect(await screen.findByRole('heading', { level: 1, name: 'People Who Like You' })).toBeInTheDocument();
    const locked = await screen.findByRole('region', { name: '4 people like you' });
    expect(within(locked).getByTestId('locked-placeholders').children).toHaveLength(4);
    expect(locked.querySelectorAll('img')).toHaveLength(0);
    expect(within(locked).getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/app/subscription?from=%2Fapp%2Flikes');
    expect(within(screen.getByRole('navigation', { name: 'Matches and likes' })).getByRole('link', { name: 'Likes you', current: 'page' })).toHaveAttribute('href', '/app/likes');
  });

  it('shows a premium member who likes them, with Like back and Pass', async () => {
    const match = buildMatch('m_new', thandi, { chat_room_id: 'room_new' });
    let matched = false;
    const fetch = api({
      // Once matched, Thandi no longer counts among the likes.
      'GET /api/matches/likes': () => ok(matched ? { ...openLikes, count: 1, items: openLikes.items.slice(1) } : openLikes),
      'POST /api/matches/usr_thandi/like': () => {
        matched = true;
        return ok(swipeResult('like', { matched: true, match, likes_left: null }));
      },
      'POST /api/matches/usr_sipho/pass': () => ok(swipeResult('pass', { likes_left: null })),
    });
    const user = userEvent.setup();
    renderApp('/app/likes', { session });
    const list = await screen.findByRole('list', { name: 'People who like you' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Thandi, 28');
    expect(rows[0]).toHaveTextContent('Super liked you');
    expect(rows[0]!.querySelector('img')).toHaveAttribute('src', '/media/usr_thandi_p-thumb.jpg');

    await user.click(within(within(rows[0]!).getByRole('group', { name: 'Answer Thandi' })).getByRole('button', { name: 'Like back' }));
    const dialog = await screen.findByRole('dialog', { name: "It's a match!" });
    expect(within(dialog).getByRole('link', { name: 'Start Chat' })).toHaveAttribute('href', '/app/chat/room_new');
    await waitFor(() => expect(screen.getByText('1 person likes you')).toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: "It's a match!" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Back to likes' }));

    await user.click(within(screen.getByRole('group', { name: 'Answer Sipho' })).getByRole('button', { name: 'Pass' }));
    expect(await screen.findByText('You passed on Sipho.')).toBeInTheDocument();
    expect(calledEndpoints(fetch)).toEqual(expect.arrayContaining(['POST /api/matches/usr_thandi/like', 'POST /api/matches/usr_sipho/pass']));
  });

  it('says so when nobody likes me yet', async () => {
    api({ 'GET /api/matches/likes': () => ok({ count: 0, locked: true, items: [], placeholders: 0 }) });
    renderApp('/app/likes', { session });
    expect(await screen.findByRole('heading', { level: 2, name: 'No likes yet' })).toBeInTheDocument();
  });

  it('shows a 402 on Like back as an upsell, not a sign-out', async () => {
    api({
      'GET /api/matches/likes': () => ok(openLikes),
      'POST /api/matches/usr_sipho/like': () => failure(402, MATCHING_MESSAGES.premiumOnly),
    });
    const user = userEvent.setup();
    renderApp('/app/likes', { session });
    await screen.findByRole('list', { name: 'People who like you' });
    await user.click(within(screen.getByRole('group', { name: 'Answer Sipho' })).getByRole('button', { name: 'Like back' }));
    expect(await screen.findByRole('dialog', { name: 'Upgrade to Premium' })).toHaveTextContent(MATCHING_MESSAGES.premiumOnly);
    expect(screen.getByRole('group', { name: 'Answer Sipho' })).toBeInTheDocument();
  });
});
