import { FEED_ERRORS, PREMIUM_UNLOCKS, type SubscriptionStatus } from '@linkup/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildPost, failure, ok, page } from '@/features/feed/test/fixtures';
import { buildNotification, inbox } from '@/features/notifications/test/fixtures';
import { fakeSocket } from '@/test/fake-socket';
import { buildSession, calledEndpoints, mockApi, sentBody, unreadCounts, type FetchHandler } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/socket', () => import('@/test/fake-socket').then((m) => m.fakeSocketModule()));

const session = buildSession({ id: 'usr_me', name: 'Alex Demo' });
const free: SubscriptionStatus = {
  is_premium: false, plan: null, provider: null, premium_until: null, renews: false, in_grace: false, can_cancel: false, can_resume: false, has_portal: false, payments: [],
};

function api(handlers: Record<string, FetchHandler> = {}) {
  return mockApi({
    'GET /api/chat/rooms': () => ok({ items: [], pagination: { current_page: 1, last_page: 1, per_page: 100, total: 0 } }),
    'GET /api/feed/notifications/unread-count': () => ok(unreadCounts()),
    'GET /api/feed/notifications': () => ok(inbox([])),
    'GET /api/feed': () => ok(page([])),
    'GET /api/feed/my-post': () => ok({ has_post: false, post: null }),
    'GET /api/subscription': () => ok(free),
    'GET /api/subscription/plans': () => ok([]),
    ...handlers,
  });
}

async function open(path: string, title: string) {
  const view = renderApp(path, { session });
  await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 });
  return { ...view, user: userEvent.setup() };
}

beforeEach(() => fakeSocket.reset());
afterEach(() => vi.unstubAllGlobals());

describe('Notifications: the header bell (issue 32)', { timeout: 20_000 }, () => {
  it('opens the inbox from the bell; the bell counts every unread item, the Feed tab only likes on my post', async () => {
    let counts = unreadCounts(3, { feed: 1, matches: 1 });
    const item = buildNotification('n1');
    const fetch = api({
      'GET /api/feed/notifications/unread-count': () => ok(counts),
      'GET /api/feed/notifications': () => ok(inbox([item, buildNotification('n2', { is_read: true, body: 'Sipho liked your post.' })])),
      'PUT /api/feed/notifications/n1/read': () => { counts = unreadCounts(2, { matches: 1 }); return ok({ ...item, is_read: true, read_at: new Date().toISOString() }); },
    });
    const { user, router } = await open('/app/dashboard', 'Home');
    expect(await screen.findByTestId('bell-badge', {}, { timeout: 5000 })).toHaveTextContent('3');
    expect(screen.getByTestId('feed-badge')).toHaveTextContent('1');
    expect(screen.getByTestId('matches-badge')).toHaveTextContent('1');
    await user.click(screen.getByRole('link', { name: 'Notifications, 3 unread' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/notifications'));
    const list = await screen.findByRole('list', { name: 'Notifications' }, { timeout: 5000 });
    const items = within(list).getAllByRole('button');
    expect(items[0]).toHaveTextContent('Post Like');
    expect(items[0]).toHaveTextContent('Bongani liked your post.');
    expect(items[0]).toHaveTextContent('New');
    expect(items[1]).not.toHaveTextContent('New');
    await waitFor(() => expect(calledEndpoints(fetch)).toContain('PUT /api/feed/notifications/n1/read'));
    expect(calledEndpoints(fetch)).not.toContain('PUT /api/feed/notifications/n2/read');
    await waitFor(() => expect(screen.getByTestId('bell-badge')).toHaveTextContent('2'));
    expect(screen.queryByTestId('feed-badge')).toBeNull();
  });

  it('the old Feed view link opens the inbox', async () => {
    api();
    const { router } = await open('/app/feed?view=notifications', 'Notifications');
    expect(router.state.location.pathname).toBe('/app/notifications');
  });

  it('opening Feed or Matches marks that tab’s notifications seen, and its badge goes', async () => {
    let counts = unreadCounts(2, { feed: 1, matches: 1 });
    const fetch = api({
      'GET /api/feed/notifications/unread-count': () => ok(counts),
      'PUT /api/feed/notifications/read': () => { counts = unreadCounts(1, { matches: 1 }); return ok(counts); },
    });
    const { user } = await open('/app/dashboard', 'Home');
    expect(await screen.findByTestId('feed-badge')).toHaveTextContent('1');
    expect(calledEndpoints(fetch)).not.toContain('PUT /api/feed/notifications/read');
    await user.click(screen.getByRole('link', { name: /^Feed/ }));
    await waitFor(() => expect(screen.queryByTestId('feed-badge')).toBeNull());
    expect(sentBody(fetch, 'PUT /api/feed/notifications/read')).toEqual({ tab: 'feed' });
    expect(screen.getByTestId('matches-badge')).toHaveTextContent('1');
    expect(screen.getByTestId('bell-badge')).toHaveTextContent('1');
  });

  it('raises the bell and the Feed badge when a new inbox item arrives on my channel, without a reload', async () => {
    let counts = unreadCounts();
    api({ 'GET /api/feed/notifications/unread-count': () => ok(counts) });
    await open('/app/dashboard', 'Home');
    expect(screen.queryByTestId('bell-badge')).toBeNull();
    // The shell's syncs (the badge among them) mount after the page's load: wait for them to listen.
    await waitFor(() => expect(fakeSocket.listenerCount('notification')).toBeGreaterThanOrEqual(2));
    counts = unreadCounts(1, { feed: 1 });
    await fakeSocket.deliver('notification', { type: 'post_like', notification_id: 'n9', sender_id: 'usr_x', sender_name: 'X' });
    expect(await screen.findByTestId('feed-badge')).toHaveTextContent('1');
    expect(screen.getByTestId('bell-badge')).toHaveTextContent('1');
    counts = unreadCounts(12, { feed: 12 });
    await fakeSocket.deliver('notification', { type: 'post_like', notification_id: 'n10' });
    await waitFor(() => expect(screen.getByTestId('bell-badge')).toHaveTextContent('9+'));
  });

  it('treats a 500 as an empty list with no error, and says "Failed to load notifications" otherwise', async () => {
    api({ 'GET /api/feed/notifications': () => failure(500, 'boom') });
    const first = await open('/app/notifications', 'Notifications');
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.queryByText(FEED_ERRORS.loadNotifications)).toBeNull();
    first.unmount();

    api({ 'GET /api/feed/notifications': () => failure(503, 'down') });
    await open('/app/notifications', 'Notifications');
    expect(await screen.findByText(FEED_ERRORS.loadNotifications, {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});

describe('Notifications: every one leads somewhere (issue 32)', { timeout: 20_000 }, () => {
  const hiddenView = buildNotification('v1', {
    type: 'profile_view', title: 'Someone viewed your profile', body: 'Upgrade to Premium to see who visits you.', is_read: true,
    data: { type: 'profile_view', notification_id: 'v1', action: 'view_profile' },
  });
  const hiddenLike = buildNotification('l1', {
    type: 'like', title: 'Someone likes you', body: 'Upgrade to Premium to see who likes you.', is_read: true,
    data: { type: 'like', notification_id: 'l1', action: 'view_profile' },
  });
  const postLike = buildNotification('p1', { is_read: true });

  it.each([
    ['a view, its viewer hidden, to Profile Visitors', hiddenView, /Someone viewed your profile/, '/app/visitors', ''],
    ['a like, its member hidden, to the Premium page that unlocks it', hiddenLike, /Someone likes you/, '/app/subscription', '?unlock=likes'],
    ['a like on my post to the post', postLike, /Bongani liked your post/, '/app/feed/posts/pst_mine', ''],
  ])('leads %s, marking it opened', async (_what, item, name, pathname, search) => {
    const fetch = api({
      'GET /api/feed/notifications': () => ok(inbox([item])),
      [`PUT /api/feed/notifications/${item.id}/clicked`]: () => ok({ ...item, is_clicked: true, clicked_at: new Date().toISOString() }),
      'GET /api/feed/posts/pst_mine': () => ok(buildPost('pst_mine', 'Alex Demo', { user_id: 'usr_me', likes_count: 4 })),
    });
    const { user, router } = await open('/app/notifications', 'Notifications');
    await user.click(await screen.findByRole('button', { name }));
    await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
    expect(router.state.location.search).toBe(search);
    expect(calledEndpoints(fetch)).toContain(`PUT /api/feed/notifications/${item.id}/clicked`);
  });

  it('the Premium page a hidden liker leads to says what it unlocks; the card’s Like Back leads there too', async () => {
    const fetch = api({
      'GET /api/feed/notifications': () => ok(inbox([hiddenLike])),
      'PUT /api/feed/notifications/l1/clicked': () => ok({ ...hiddenLike, is_clicked: true, clicked_at: new Date().toISOString() }),
    });
    const { user, router } = await open('/app/notifications', 'Notifications');
    await user.click(await screen.findByRole('button', { name: /Someone likes you/ }));
    expect(await screen.findByTestId('premium-unlock', {}, { timeout: 5000 })).toHaveTextContent(PREMIUM_UNLOCKS.likes);
    await router.navigate('/app/dashboard');
    await waitFor(() => expect(fakeSocket.listenerCount('notification')).toBeGreaterThanOrEqual(1));
    await fakeSocket.deliver('notification', { ...hiddenLike.data, notification_id: 'l2' });
    await user.click(await screen.findByRole('button', { name: 'Like Back' }));
    await waitFor(() => expect(router.state.location.search).toBe('?unlock=likes'));
    expect(router.state.location.pathname).toBe('/app/subscription');
    expect(calledEndpoints(fetch).filter((e) => e.includes('/like'))).toEqual([]);
  });

  it('shows initials or the type’s icon for an item without a photo, never a bare "?"', async () => {
    api({ 'GET /api/feed/notifications': () => ok(inbox([postLike, hiddenLike])) });
    await open('/app/notifications', 'Notifications');
    const [named, hidden] = within(await screen.findByRole('list', { name: 'Notifications' })).getAllByRole('button');
    expect(named!.querySelector('.inbox-avatar--initials')).toHaveTextContent('B');
    expect(hidden!.querySelector('.inbox-avatar--initials .pi-heart')).not.toBeNull();
    expect(hidden).not.toHaveTextContent('?');
  });
});
