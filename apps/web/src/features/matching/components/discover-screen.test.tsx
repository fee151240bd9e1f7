import { MATCHING_MESSAGES } from '@linkup/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildCard, buildMatch, buildPhoto, buildStats, buildSummary, dailyLimitFailure, failure, ok, shellHandlers, swipeResult,
} from '@/features/matching/test/fixtures';
import { useSessionStore } from '@/lib/session-store';
import { fakeSocket } from '@/test/fake-socket';
import { buildSession, calledEndpoints, mockApi, type FetchHandler } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/socket', () => import('@/test/fake-socket').then((m) => m.fakeSocketModule()));

const session = buildSession({ id: 'usr_me', name: 'Alex Demo' });
const thandi = buildCard('usr_thandi', 'Thandi', {
  age: 28,
  photos: [buildPhoto('t1', 0), buildPhoto('t2', 1)],
  reasons: ['3 shared interests', 'New here'],
  about: 'Sunsets and long hikes.',
  interests: ['Hiking', 'Coffee', 'Music', 'Travel'],
  shared_interests: ['Hiking', 'Coffee', 'Music'],
});
const sipho = buildCard('usr_sipho', 'Sipho', { age: 31, city: 'Stellenbosch' });
const lerato = buildCard('usr_lerato', 'Lerato', { age: 26 });

function api(handlers: Record<string, FetchHandler> = {}) {
  return mockApi({
    ...shellHandlers,
    'GET /api/matches/discover': () => ok({ items: [thandi, sipho, lerato], has_more: false }),
    'GET /api/matches/stats/summary': () => ok(buildStats()),
    'POST /api/matches/usr_thandi/like': () => ok(swipeResult('like')),
    'POST /api/matches/usr_thandi/pass': () => ok(swipeResult('pass', { likes_left: 25 })),
    'POST /api/matches/usr_thandi/super-like': () => ok(swipeResult('super_like', { likes_left: 25, super_likes_left: 0 })),
    'POST /api/matches/usr_sipho/like': () => ok(swipeResult('like', { likes_left: 23 })),
    'POST /api/matches/usr_sipho/pass': () => ok(swipeResult('pass')),
    'POST /api/matches/usr_sipho/super-like': () => ok(swipeResult('super_like')),
    ...handlers,
  });
}

async function openDiscover() {
  const view = renderApp('/app/discover', { session });
  await screen.findByRole('heading', { level: 1, name: 'Discover' });
  await screen.findByRole('article', { name: 'Thandi, 28' });
  return { ...view, user: userEvent.setup() };
}

const topCard = () => screen.getByTestId('discover-card');
const swipes = (fetch: ReturnType<typeof api>) => calledEndpoints(fetch).filter((e) => e.startsWith('POST /api/matches/'));

afterEach(() => vi.unstubAllGlobals());

describe('Discover: the card stack', () => {
  it('shows the best fit: photo, name and age, place and distance, why, about and interests', async () => {
    api();
    await openDiscover();
    const card = topCard();
    expect(within(card).getByRole('heading', { level: 2, name: 'Thandi, 28' })).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Thandi, photo 1 of 2' })).toHaveAttribute('src', '/media/t1-large.jpg');
    expect(card).toHaveTextContent('Cape Town · Less than 5 km away');
    expect(within(card).getByRole('list', { name: 'Why you see them' })).toHaveTextContent('3 shared interests');
    expect(card).toHaveTextContent('Sunsets and long hikes.');
    expect(within(within(card).getByRole('list', { name: 'Interests' })).getAllByRole('listitem')).toHaveLength(4);
    for (const name of ['Pass', 'Super like', 'Like', 'Undo']) expect(screen.getByRole('button', { name })).toBeEnabled();
    expect(screen.getByTestId('left-today')).toHaveTextContent('25 likes left · 1 super like left today');
  });

  it('fetches the photo of the card behind once the top card\'s is in; after a swipe, the next one at once (issue #18)', async () => {
    api();
    const { user } = await openDiscover();
    const behindPhoto = () => document.querySelector('.discover-card--next img');
    expect(document.querySelector('.discover-card--next')).toHaveTextContent('Sipho');
    expect(behindPhoto()).toBeNull();
    fireEvent.load(within(topCard()).getByRole('img', { name: 'Thandi, photo 1 of 2' }));
    await waitFor(() => expect(behindPhoto()).toHaveAttribute('src', sipho.photos[0]!.sizes.large));
    fireEvent.load(behindPhoto()!);

    await user.click(screen.getByRole('button', { name: 'Like' }));
    await screen.findByRole('article', { name: 'Sipho, 31' });
    // Sipho's photo was in already: Lerato's, behind it now, is not held.
    expect(document.querySelector('.discover-card--next')).toHaveTextContent('Lerato');
    expect(behindPhoto()).toHaveAttribute('src', lerato.photos[0]!.sizes.large);
  });

  it('browses the photos by tapping the right and left halves', async () => {
    api();
    const { user } = await openDiscover();
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(within(topCard()).getByRole('img', { name: 'Thandi, photo 2 of 2' })).toHaveAttribute('src', '/media/t2-large.jpg');
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(within(topCard()).getByRole('img', { name: 'Thandi, photo 1 of 2' })).toBeInTheDocument();
  });

  it('likes with the ♥ button and moves on to the next card, counting the likes left', async () => {
    const fetch = api();
    const { user } = await openDiscover();
    await user.click(screen.getByRole('button', { name: 'Like' }));
    expect(await screen.findByRole('article', { name: 'Sipho, 31' })).toBeInTheDocument();
    expect(swipes(fetch)).toEqual(['POST /api/matches/usr_thandi/like']);
    await waitFor(() => expect(screen.getByTestId('left-today')).toHaveTextContent('24 likes left'));
    expect(screen.getByText('You liked Thandi.')).toBeInTheDocument();
  });

  it('passes with ←, likes with → and super likes with ↑ on the keyboard', async () => {
    const fetch = api();
    const { user } = await openDiscover();
    await user.keyboard('{ArrowLeft}');
    await screen.findByRole('article', { name: 'Sipho, 31' });
    await user.keyboard('{ArrowRight}');
    await screen.findByRole('article', { name: 'Lerato, 26' });
    expect(swipes(fetch)).toEqual(['POST /api/matches/usr_thandi/pass', 'POST /api/matches/usr_sipho/like']);

    api({ 'POST /api/matches/usr_lerato/super-like': () => ok(swipeResult('super_like', { super_likes_left: 0 })) });
    await user.keyboard('{ArrowUp}');
    expect(await screen.findByText('No one new nearby')).toBeInTheDocument();
  });

  it('swipes by dragging the photo: right likes, left passes', async () => {
    const fetch = api();
    await openDiscover();
    const drag = (dx: number, dy = 0) => {
      const photo = topCard().querySelector('.discover-photo')!;
      fireEvent.pointerDown(photo, { pointerId: 1, clientX: 200, clientY: 300, button: 0, pointerType: 'touch' });
      fireEvent.pointerMove(photo, { pointerId: 1, clientX: 200 + dx / 2, clientY: 300 + dy / 2, pointerType: 'touch' });
      fireEvent.pointerMove(photo, { pointerId: 1, clientX: 200 + dx, clientY: 300 + dy, pointerType: 'touch' });
      fireEvent.pointerUp(photo, { pointerId: 1, clientX: 200 + dx, clientY: 300 + dy, pointerType: 'touch' });
    };
    drag(180);
    await screen.findByRole('article', { name: 'Sipho, 31' });
    drag(30); // too short: springs back
    drag(-180);
    await screen.findByRole('article', { name: 'Lerato, 26' });
    expect(swipes(fetch)).toEqual(['POST /api/matches/usr_thandi/like', 'POST /api/matches/usr_sipho/pass']);
  });

  it('celebrates a match with both photos, Start Chat and Keep browsing', async () => {
    const match = buildMatch('m1', buildSummary('usr_thandi', 'Thandi'), { chat_room_id: 'room_77' });
    api({ 'POST /api/matches/usr_thandi/like': () => ok(swipeResult('like', { matched: true, match }), "It's a match!") });
    const { user } = await openDiscover();
    await user.click(screen.getByRole('button', { name: 'Like' }));
    const dialog = await screen.findByRole('dialog', { name: "It's a match!" });
    expect(dialog).toHaveTextContent('You and Thandi like each other.');
    expect(within(dialog).getByRole('img', { name: 'Thandi' })).toHaveAttribute('src', '/media/usr_thandi_p-medium.jpg');
    expect(within(dialog).getByRole('link', { name: 'Start Chat' })).toHaveAttribute('href', '/app/chat/room_77');
    await user.click(within(dialog).getByRole('button', { name: 'Keep browsing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('article', { name: 'Sipho, 31' })).toBeInTheDocument();
  });

  it('shows the match I make once: the dialog, not the match card on top, whichever arrives first (issue 32)', async () => {
    const match = buildMatch('m1', buildSummary('usr_thandi', 'Thandi'), { chat_room_id: 'room_77' });
    const card = { type: 'match', notification_id: 'n1', user_id: 'usr_thandi', username: 'Thandi', chat_room_id: 'room_77', action: 'start_chat' };
    api({ 'POST /api/matches/usr_thandi/like': () => ok(swipeResult('like', { matched: true, match }), "It's a match!") });
    const { user } = await openDiscover();
    await waitFor(() => expect(fakeSocket.listenerCount('notification')).toBeGreaterThanOrEqual(1));
    // The server's card may arrive before the like's answer…
    await fakeSocket.deliver('notification', card);
    expect((await screen.findAllByText('New Match')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: /^Like$/ }));
    await screen.findByRole('dialog', { name: "It's a match!" }, { timeout: 5000 });
    await waitFor(() => expect(screen.queryAllByText('New Match')).toHaveLength(0));
    // …or after it.
    await fakeSocket.deliver('notification', { ...card, notification_id: 'n2' });
    expect(screen.queryAllByText('New Match')).toHaveLength(0);
    // Another member's match still shows its card.
    await fakeSocket.deliver('notification', { ...card, notification_id: 'n3', user_id: 'usr_sipho', username: 'Sipho' });
    expect((await screen.findAllByText('New Match')).length).toBeGreaterThan(0);
  });

  it('shows "out of likes" on a 429 with when likes come back and an upsell — and stays signed in', async () => {
    const resetsAt = new Date(Date.now() + 3 * 60 * 60 * 1000).toISOString();
    api({
      'POST /api/matches/usr_thandi/like': () =>
        dailyLimitFailure('likes', resetsAt),
    });
    const { user } = await openDiscover();
    await user.click(screen.getByRole('button', { name: 'Like' }));
    const panel = await screen.findByRole('region', { name: "You're out of likes" });
    expect(panel).toHaveTextContent(MATCHING_MESSAGES.outOfLikes);
    expect(panel).toHaveTextContent(/New likes arrive (today|tomorrow) at \d{1,2}:\d{2}/);
    expect(within(panel).getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/app/subscription?from=%2Fapp%2Fdiscover');
    expect(screen.getByTestId('left-today')).toHaveTextContent('0 likes left');
    expect(useSessionStore.getState().token).toBe(session.token);

    // Keep browsing: the card is back (the like did not happen), and passing still works.
    await user.click(within(panel).getByRole('button', { name: 'Keep browsing' }));
    expect(screen.getByRole('article', { name: 'Thandi, 28' })).toBeInTheDocument();
  });

  it('starts in the "out of likes" state when today has none left', async () => {
    api({ 'GET /api/matches/stats/summary': () => ok(buildStats({ likes_left_today: 0 })) });
    renderApp('/app/discover', { session });
    expect(await screen.findByRole('region', { name: "You're out of likes" })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like' })).toBeDisabled();
  });

  it('offers Premium when the super likes are used up', async () => {
    api({
      'POST /api/matches/usr_thandi/super-like': () =>
        dailyLimitFailure('super_likes', '2030-01-02T00:00:00.000Z'),
    });
    const { user } = await openDiscover();
    await user.click(screen.getByRole('button', { name: 'Super like' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Premium' });
    expect(dialog).toHaveTextContent(MATCHING_MESSAGES.outOfSuperLikes);
    expect(within(dialog).getByRole('link', { name: 'See Premium plans' })).toHaveAttribute('href', '/app/subscription?from=%2Fapp%2Fdiscover');
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(screen.getByRole('article', { name: 'Thandi, 28' })).toBeInTheDocument();
  });

  it('says "No one new nearby" with ways to widen the search', async () => {
    api({ 'GET /api/matches/discover': () => ok({ items: [], has_more: false }) });
    renderApp('/app/discover', { session });
    expect(await screen.findByRole('heading', { level: 2, name: 'No one new nearby' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Widen filters' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit preferences' })).toHaveAttribute('href', '/app/preferences');
    expect(screen.getByRole('button', { name: 'Like' })).toBeDisabled();
  });

  it('loads the next batch when few cards are left, without repeating anyone', async () => {
    let calls = 0;
    const extra = buildCard('usr_extra', 'Zola', { age: 33 });
    const fetch = api({
      'GET /api/matches/discover': () => {
        calls += 1;
        return calls === 1
          ? ok({ items: [thandi, sipho, lerato, buildCard('usr_four', 'Naledi')], has_more: true })
          : ok({ items: [sipho, lerato, extra], has_more: false });
      },
    });
    const { user } = await openDiscover();
    await user.click(screen.getByRole('button', { name: 'Pass' }));
    await waitFor(() => expect(calledEndpoints(fetch).filter((e) => e === 'GET /api/matches/discover')).toHaveLength(2));
    // Every batch asks for the first page: the server leaves out whoever was swiped already.
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('/matches/discover')).every(([url]) => String(url).includes('page=1'))).toBe(true);
    api({
      'POST /api/matches/usr_sipho/pass': () => ok(swipeResult('pass')),
      'POST /api/matches/usr_lerato/pass': () => ok(swipeResult('pass')),
      'POST /api/matches/usr_four/pass': () => ok(swipeResult('pass')),
    });
    for (const next of ['Sipho, 31', 'Lerato, 26', 'Naledi, 28']) {
      await screen.findByRole('article', { name: next });
      await user.click(screen.getByRole('button', { name: 'Pass' }));
    }
    expect(await screen.findByRole('article', { name: 'Zola, 33' })).toBeInTheDocument();
  });
});

describe('Discover: undo and filters', () => {
  it('offers Premium when a free member taps Undo, without a call the server would refuse', async () => {
    const fetch = api({ 'POST /api/matches/undo-last-action': () => failure(402, MATCHING_MESSAGES.premiumOnly) });
    const { user } = await openDiscover();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Premium' });
    expect(dialog).toHaveTextContent(MATCHING_MESSAGES.premiumOnly);
    expect(swipes(fetch)).toEqual([]);
    expect(useSessionStore.getState().token).toBe(session.token);
  });

  it('puts the last card back for a premium member', async () => {
    const fetch = api({
      'GET /api/matches/stats/summary': () => ok(buildStats({ is_premium: true, likes_left_today: null, super_likes_left_today: 5 })),
      'POST /api/matches/undo-last-action': () => ok({ action: 'pass', user_id: 'usr_thandi' }, 'Undone.'),
    });
    const { user } = await openDiscover();
    expect(screen.getByTestId('left-today')).toHaveTextContent('Unlimited likes · 5 super likes left today');
    await user.click(screen.getByRole('button', { name: 'Pass' }));
    await screen.findByRole('article', { name: 'Sipho, 31' });
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('article', { name: 'Thandi, 28' })).toBeInTheDocument();
    expect(screen.getByText('Thandi is back.')).toBeInTheDocument();
    expect(swipes(fetch)).toEqual(['POST /api/matches/usr_thandi/pass', 'POST /api/matches/undo-last-action']);
  });

  it('searches again with the filters chosen in the sheet', async () => {
    const fetch = api();
    const { user } = await openDiscover();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const form = await screen.findByRole('form', { name: 'Discover filters' });
    await user.selectOptions(within(form).getByLabelText('Show me'), 'female');
    await user.selectOptions(within(form).getByLabelText('Minimum age'), '30');
    await user.selectOptions(within(form).getByLabelText('Maximum age'), '25');
    await user.click(within(form).getByRole('button', { name: 'Show results' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('The maximum age must not be below the minimum age.');
    await user.selectOptions(within(form).getByLabelText('Maximum age'), '40');
    await user.selectOptions(within(form).getByLabelText('Province'), 'Western Cape');
    await user.selectOptions(within(form).getByLabelText('City'), 'Stellenbosch');
    await user.click(within(form).getByRole('button', { name: 'Show results' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const urls = fetch.mock.calls.map(([url]) => String(url)).filter((u) => u.includes('/matches/discover'));
    await waitFor(() => expect(urls.length).toBeGreaterThanOrEqual(1));
    await waitFor(() => {
      const last = new URL(fetch.mock.calls.map(([url]) => String(url)).filter((u) => u.includes('/matches/discover')).at(-1)!, 'http://x');
      expect(Object.fromEntries(last.searchParams)).toMatchObject({
        gender: 'female', age_min: '30', age_max: '40', province: 'Western Cape', city: 'Stellenbosch', page: '1',
      });
    });
    expect(screen.getByRole('button', { name: 'Filters, 5 set' })).toBeInTheDocument();
  });
});
