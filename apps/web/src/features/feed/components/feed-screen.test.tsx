import { FEED_ERRORS, FEED_MESSAGES } from '@linkup/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSocket } from '@/test/fake-socket';
import { buildOwnPost, buildPost, failure, ok, page } from '@/features/feed/test/fixtures';
import { buildSession, calledEndpoints, mockApi, unreadCounts, type FetchHandler } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/socket', () => import('@/test/fake-socket').then((m) => m.fakeSocketModule()));
vi.mock(import('@/lib/dialogs'), async (importOriginal) => ({ ...(await importOriginal()), confirmDialog: vi.fn(() => Promise.resolve(true)), alertDialog: vi.fn() }));

const session = buildSession({ id: 'usr_me', name: 'Alex Demo' });
const thandi = buildPost('p1', 'Thandi', { likes_count: 2 });
const lerato = buildPost('p2', 'Lerato', { age: null, is_liked: true, likes_count: 0, image_1: null });

function api(handlers: Record<string, FetchHandler> = {}) {
  return mockApi({
    'GET /api/chat/rooms': () => ok({ items: [], pagination: { current_page: 1, last_page: 1, per_page: 100, total: 0 } }),
    'GET /api/feed/notifications/unread-count': () => ok(unreadCounts()),
    'GET /api/feed': () => ok(page([thandi, lerato])),
    'GET /api/feed/my-post': () => ok({ has_post: false, post: null }),
    ...handlers,
  });
}

async function openFeed(path = '/app/feed') {
  const view = renderApp(path, { session });
  await screen.findByRole('heading', { level: 1, name: 'Feed' });
  return { ...view, user: userEvent.setup() };
}

const likeButton = (name: string) => screen.getByRole('button', { name: new RegExp(`^(Like|Unlike) ${name}'s post`) });
const postOf = (name: string) => screen.getByRole('article', { name });

beforeEach(() => fakeSocket.reset());
afterEach(() => vi.unstubAllGlobals());

describe('Feed: posts', { timeout: 20_000 }, () => {
  it('shows each post with photos, the author, what they look for and a like count; my post invites me to create one', async () => {
    api();
    await openFeed();
    const post = await screen.findByRole('article', { name: 'Thandi' });
    expect(within(post).getByRole('img', { name: 'Photo of Thandi' })).toHaveAttribute('src', '/media/photos/p1/large.webp');
    expect(post).toHaveTextContent('28 • Female • Cape Town');
    expect(post).toHaveTextContent('Hi, I am Thandi.');
    expect(within(post).getByRole('list', { name: 'About Thandi' })).toHaveTextContent('Long term');
    expect(post).toHaveTextContent('Partner preferences');
    expect(post).toHaveTextContent('25–40');
    expect(within(post).getByRole('link', { name: /Thandi/ })).toHaveAttribute('href', '/app/user/usr_p1');
    expect(likeButton('Thandi')).toHaveAttribute('aria-pressed', 'false');
    expect(likeButton('Thandi')).toHaveTextContent('2');
    expect(postOf('Lerato')).toHaveTextContent('Female • Cape Town');
    expect(screen.getByRole('link', { name: 'Create your post' })).toHaveAttribute('href', '/app/feed/create');
    expect(screen.getByText("You're all caught up.")).toBeInTheDocument();
  });

  it('likes at once (count +1); a tap while the like is on its way shows at once and is sent after it, one call at a time', async () => {
    let answer: (r: Response) => void = () => {};
    const fetch = api({
      'POST /api/feed/posts/p1/like': () => new Promise<Response>((resolve) => { answer = resolve; }),
      'DELETE /api/feed/posts/p1/unlike': () => ok({ post_id: 'p1', is_liked: false, likes_count: 4 }),
    });
    const { user } = await openFeed();
    await screen.findByRole('article', { name: 'Thandi' });
    await user.click(likeButton('Thandi'));
    expect(likeButton('Thandi')).toHaveAttribute('aria-pressed', 'true');
    expect(likeButton('Thandi')).toHaveTextContent('3');
    await user.click(likeButton('Thandi'));
    expect(likeButton('Thandi')).toHaveAttribute('aria-pressed', 'false');
    expect(likeButton('Thandi')).toHaveTextContent('2');
    // Only the like is on its way until it returns; then the unlike the member chose follows.
    expect(calledEndpoints(fetch).filter((e) => e.includes('/feed/posts/'))).toEqual(['POST /api/feed/posts/p1/like']);
    answer(ok({ post_id: 'p1', is_liked: true, likes_count: 5 }));
    await waitFor(() => expect(likeButton('Thandi')).toHaveTextContent('4'));
    expect(likeButton('Thandi')).toHaveAttribute('aria-pressed', 'false');
    const calls = calledEndpoints(fetch).filter((e) => e.includes('/feed/posts/'));
    expect(calls).toEqual(['POST /api/feed/posts/p1/like', 'DELETE /api/feed/posts/p1/unlike']);
  });

  it('a tap and a tap back while the like is on its way send nothing more: the server already has the last choice', async () => {
    let answer: (r: Response) => void = () => {};
    const fetch = api({ 'POST /api/feed/posts/p1/like': () => new Promise<Response>((resolve) => { answer = resolve; }) });
    const { user } = await openFeed();
    await screen.findByRole('article', { name: 'Thandi' });
    await user.click(likeButton('Thandi'));
    await user.click(likeButton('Thandi'));
    await user.click(likeButton('Thandi'));
    expect(likeButton('Thandi')).toHaveAttribute('aria-pressed', 'true');
    expect(likeButton('Thandi')).toHaveTextContent('3');
    answer(ok({ post_id: 'p1', is_liked: true, likes_count: 5 }));
    await waitFor(() => expect(likeButton('Thandi')).toHaveTextContent('5'));
    const calls = calledEndpoints(fetch).filter((e) => e.includes('/feed/posts/'));
    expect(calls).toEqual(['POST /api/feed/posts/p1/like']);
  });

  it('unlikes with a floor of 0, and puts the like back when the call fails', async () => {
    api({
      'DELETE /api/feed/posts/p2/unlike': () => ok({ post_id: 'p2', is_liked: false, likes_count: 0 }),
      'POST /api/feed/posts/p1/like': () => failure(404, FEED_MESSAGES.postNotFound),
    });
    const { user } = await openFeed();
    await screen.findByRole('article', { name: 'Lerato' });
    await user.click(likeButton('Lerato'));
    expect(likeButton('Lerato')).toHaveTextContent('0');
    expect(likeButton('Lerato')).toHaveAttribute('aria-pressed', 'false');
    await user.click(likeButton('Thandi'));
    await waitFor(() => expect(likeButton('Thandi')).toHaveAttribute('aria-pressed', 'false'));
    expect(likeButton('Thandi')).toHaveTextContent('2');
    expect(await screen.findByText(FEED_MESSAGES.postNotFound)).toBeInTheDocument();
  });

  it('pages: the next page continues from the cursor and is appended until has_more is false', async () => {
    const fetch = api({
      'GET /api/feed': (url) => (new URL(url, 'http://x').searchParams.get('cursor') === 'c1'
        ? ok(page([buildPost('p3', 'Naledi')]))
        : ok(page([thandi, lerato], true, 'c1'))),
    });
    const { user } = await openFeed();
    await screen.findByRole('article', { name: 'Thandi' });
    await user.click(screen.getByRole('button', { name: 'Load more posts' }));
    expect(await screen.findByRole('article', { name: 'Naledi' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    const second = fetch.mock.calls.map(([url]) => String(url)).find((u) => u.includes('cursor=c1'));
    expect(second).toMatch(/page=2/);
    expect(screen.queryByRole('button', { name: 'Load more posts' })).toBeNull();
  });

  it('filters by gender, age, place and relationship type (a new list from the first page)', async () => {
    const fetch = api();
    const { user } = await openFeed();
    await screen.findByRole('article', { name: 'Thandi' });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const form = await screen.findByRole('form', { name: 'Feed filters' });
    await user.selectOptions(within(form).getByLabelText('Show posts by'), 'female');
    await user.selectOptions(within(form).getByLabelText('Minimum age'), '25');
    await user.selectOptions(within(form).getByLabelText('Maximum age'), '30');
    await user.selectOptions(within(form).getByLabelText('Province'), 'Western Cape');
    await user.selectOptions(within(form).getByLabelText('City'), 'Cape Town');
    await user.selectOptions(within(form).getByLabelText('Relationship type'), 'long_term');
    await user.click(within(form).getByRole('button', { name: 'Show posts' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Filters, 6 set' })).toBeInTheDocument());
    const last = String(fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/feed?')).at(-1)![0]);
    const params = new URL(last, 'http://x').searchParams;
    expect(Object.fromEntries(params)).toMatchObject({
      gender: 'female', ageMin: '25', ageMax: '30', province: 'Western Cape', city: 'Cape Town', relationshipType: 'long_term', page: '1',
    });
    expect(params.has('cursor')).toBe(false);
  });

  it('shows the "requires preferences" state on preferences_required, with a way to the preferences', async () => {
    api({ 'GET /api/feed': () => failure(400, FEED_MESSAGES.preferencesRequired, 'preferences_required') });
    await openFeed();
    expect(await screen.findByText('Set your dating preferences first')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set preferences' })).toHaveAttribute('href', '/app/preferences');
    expect(screen.queryByText(FEED_ERRORS.loadFeed)).toBeNull();
  });

  it('another 400 is a failure to load, not the "requires preferences" state (the code decides, not the status)', async () => {
    api({ 'GET /api/feed': () => failure(400, FEED_MESSAGES.preferencesRequired, 'bad_request') });
    await openFeed();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText('Set your dating preferences first')).toBeNull();
  });

  it('says "Failed to load feed" and "Failed to load your post" when they fail, and shows the empty state', async () => {
    api({ 'GET /api/feed': () => failure(500, 'boom'), 'GET /api/feed/my-post': () => failure(500, 'boom') });
    await openFeed();
    // Server errors are retried three times (1, 2 and 3 s, spec §7) before they count.
    expect(await screen.findByText(FEED_ERRORS.loadFeed, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText(FEED_ERRORS.loadOwnPost, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows my own post on top with Edit and Delete; deleting asks, then offers to create one again', async () => {
    let deleted = false;
    const fetch = api({
      'GET /api/feed/my-post': () => ok(deleted ? { has_post: false, post: null } : { has_post: true, post: buildOwnPost() }),
      'DELETE /api/feed/my-post': () => { deleted = true; return ok({ has_post: false, post: null }, FEED_MESSAGES.deleted); },
      'GET /api/feed': () => ok(page([])),
    });
    const { user } = await openFeed();
    const own = await screen.findByRole('article', { name: 'Your post' });
    expect(own).toHaveTextContent('3 likes');
    expect(within(own).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/app/feed/edit');
    expect(screen.getByText('No posts yet')).toBeInTheDocument();
    await user.click(within(own).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('link', { name: 'Create your post' })).toBeInTheDocument();
    expect(calledEndpoints(fetch)).toContain('DELETE /api/feed/my-post');
    expect(await screen.findByText(FEED_MESSAGES.deleted)).toBeInTheDocument();
  });

  it('says "Failed to delete post" when deleting fails', async () => {
    api({
      'GET /api/feed/my-post': () => ok({ has_post: true, post: buildOwnPost() }),
      'DELETE /api/feed/my-post': () => failure(500, 'boom'),
    });
    const { user } = await openFeed();
    await user.click(within(await screen.findByRole('article', { name: 'Your post' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(FEED_ERRORS.deletePost)).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Your post' })).toBeInTheDocument();
  });
});
