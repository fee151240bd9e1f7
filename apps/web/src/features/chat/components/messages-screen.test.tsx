import { USER_SEARCH_MESSAGES, type ChatRoom } from '@linkup/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMessage, fakeSocket } from '@/test/fake-socket';
import { selectUnreadMessages, useUnreadStore } from '@/lib/unread-store';
import { apiError, buildSession, calledEndpoints, json, mockApi, sentBody, type FetchHandler } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { SEARCH_DEBOUNCE_MS } from '@/features/chat/components/messages-screen';

vi.mock('@/lib/socket', () => import('@/test/fake-socket').then((m) => m.fakeSocketModule()));

const session = buildSession({ id: 'usr_me', name: 'Alex Demo' });
const ok = (data: unknown, message?: string) => json(200, { success: true, data, ...(message ? { message } : {}) });
const page = (items: unknown[], current = 1, last = 1) => ({ items, pagination: { current_page: current, last_page: last, per_page: 15, total: items.length } });
const room = (id: string, name: string, unread = 0, extra: Partial<ChatRoom> = {}): ChatRoom => ({
  id, name, unread_count: unread, latest_message: null, last_activity: null, ...extra,
});

const thandiRoom = room('room_t', 'Chat with Thandi Nkosi', 2, {
  latest_message: buildMessage({ chat_room_id: 'room_t', message: 'See you Friday?' }),
  last_activity: new Date().toISOString(),
});
const siphoRoom = room('room_s', 'Chat with Sipho Mokoena', 1);

function api(handlers: Record<string, FetchHandler> = {}) {
  return mockApi({
    'GET /api/chat/rooms': () => ok(page([thandiRoom, siphoRoom])),
    'GET /api/chat/users/search': () => ok(page([])),
    ...handlers,
  });
}

async function openMessages() {
  const view = renderApp('/app/messages', { session });
  await screen.findByRole('heading', { level: 1, name: 'Messages' });
  return { ...view, user: userEvent.setup() };
}

beforeEach(() => {
  fakeSocket.reset();
  fakeSocket.connected = false;
  useUnreadStore.getState().reset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The conversation list once loaded: while loading it is a busy list of placeholders under the same name. */
const loadedConversations = () =>
  waitFor(() => {
    const list = screen.getByRole('list', { name: 'Conversations' });
    expect(list).not.toHaveAttribute('aria-busy');
    return list;
  });

describe('Messages screen: conversations (spec §2)', () => {
  it("shows 'No conversations yet' with 'Start a conversation by searching for users above'", async () => {
    api({ 'GET /api/chat/rooms': () => ok(page([])) });
    await openMessages();
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument();
    expect(screen.getByText('Start a conversation by searching for users above')).toBeInTheDocument();
    expect(screen.getByTestId('unread-total')).toHaveTextContent('0 unread messages');
  });

  it('lists conversations with their unread counts, and the total in the title and the tab badge', async () => {
    api();
    await openMessages();
    const list = await loadedConversations();
    const items = within(list).getAllByRole('link');
    expect(items).toHaveLength(2);
    // Issue 32: the member's name, not the room's "Chat with …".
    expect(items[0]).toHaveTextContent('Thandi Nkosi');
    expect(items[0]).not.toHaveTextContent('Chat with');
    expect(items[0]).toHaveTextContent('See you Friday?');
    expect(items[0]).toHaveAttribute('href', '/app/messages/room_t');
    expect(items[1]).toHaveTextContent('No messages yet');
    expect(screen.getByTestId('unread-total')).toHaveTextContent('3 unread messages');
    expect(selectUnreadMessages(useUnreadStore.getState())).toBe(3);
    expect(screen.getByTestId('messages-badge')).toHaveTextContent('3');
  });

  it('says "1 unread message" in the singular', async () => {
    api({ 'GET /api/chat/rooms': () => ok(page([siphoRoom])) });
    await openMessages();
    await loadedConversations();
    expect(screen.getByTestId('unread-total')).toHaveTextContent(/^1 unread message$/);
  });

  it("shows 'Failed to fetch chat rooms' when the list cannot be loaded", async () => {
    api({ 'GET /api/chat/rooms': () => apiError(429, 'Slow down.') });
    await openMessages();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch chat rooms');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('refreshes on a new or read message, adding 1 unread at once for another room', async () => {
    const fetch = api();
    await openMessages();
    await loadedConversations();
    const loads = () => calledEndpoints(fetch).filter((e) => e === 'GET /api/chat/rooms').length;
    expect(loads()).toBe(1);
    // The shell's syncs (the badge's bookkeeping) mount after the page's load: wait for them to listen.
    await waitFor(() => expect(fakeSocket.listenerCount('NewMessage')).toBe(2));

    // The app shell's bookkeeping counts the message at once; the screen refreshes its list.
    let answer!: () => void;
    fetch.mockImplementationOnce(() => new Promise((resolve) => (answer = () => resolve(ok(page([siphoRoom, thandiRoom]))))));
    await fakeSocket.deliver('NewMessage', {
      channel: 'messages', message: buildMessage({ id: 'n1', chat_room_id: 'room_s', message: 'Coffee later?' }), chat_room_id: 'room_s',
    });
    expect(screen.getByTestId('unread-total')).toHaveTextContent('4 unread messages');
    // The room moves up with its new message before the server answers.
    const items = within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('link');
    expect(items[0]).toHaveTextContent('Sipho Mokoena');
    expect(items[0]).toHaveTextContent('Coffee later?');
    answer();
    await waitFor(() => expect(loads()).toBe(2));

    await fakeSocket.deliver('MessageRead', { channel: 'messages', chat_room_id: 'room_t', user_id: 'usr_me', read_at: new Date().toISOString() });
    await waitFor(() => expect(loads()).toBe(3));
  });

  it('shows the server’s list again after an edit or a deletion; a deleted unread message leaves the badge', async () => {
    fakeSocket.connected = true;
    let rooms = [thandiRoom, siphoRoom];
    const fetch = api({ 'GET /api/chat/rooms': () => ok(page(rooms)) });
    await openMessages();
    await loadedConversations();
    const badge = () => screen.getByTestId('messages-badge');
    await waitFor(() => expect(badge()).toHaveTextContent('3'));
    const loads = () => calledEndpoints(fetch).filter((e) => e === 'GET /api/chat/rooms').length;

    const coffee = buildMessage({ id: 'n1', chat_room_id: 'room_s', message: 'Coffee later?' });
    rooms = [{ ...siphoRoom, unread_count: 2, latest_message: coffee, last_activity: coffee.created_at }, thandiRoom];
    await fakeSocket.deliver('NewMessage', { channel: 'messages', message: coffee, chat_room_id: 'room_s' });
    expect(badge()).toHaveTextContent('4');
    await waitFor(() => expect(screen.getByTestId('unread-total')).toHaveTextContent('4 unread messages'));

    // Sipho deletes it before it was read: the list and the badge follow the server.
    rooms = [thandiRoom, siphoRoom];
    const before = loads();
    await fakeSocket.deliver('message.deleted', { channel: 'chat.room.room_s', id: 'n1', chat_room_id: 'room_s' });
    await waitFor(() => expect(screen.getByTestId('unread-total')).toHaveTextContent('3 unread messages'));
    await waitFor(() => expect(badge()).toHaveTextContent('3'));
    expect(screen.queryByText('Coffee later?')).toBeNull();
    expect(loads()).toBe(before + 2); // the list's reload and the badge's

    // Thandi edits her latest message: the list shows the edit.
    const edited = { ...thandiRoom.latest_message!, message: 'See you Saturday?', is_edited: true };
    rooms = [{ ...thandiRoom, latest_message: edited }, siphoRoom];
    await fakeSocket.deliver('message.updated', { channel: 'chat.room.room_t', message: edited });
    expect(await screen.findByText('See you Saturday?')).toBeVisible();
  });

  it('refreshes every 30 seconds while the search box is empty, and not while searching', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = api();
    const view = renderApp('/app/messages', { session });
    await loadedConversations();
    const loads = () => calledEndpoints(fetch).filter((e) => e === 'GET /api/chat/rooms').length;
    await waitFor(() => expect(loads()).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(loads()).toBe(2));

    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'zz');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(loads()).toBe(2);
    view.unmount();
  });

  it('clears chat data when the member leaves the screen', async () => {
    api();
    const { router, queryClient } = await openMessages();
    await loadedConversations();
    expect(queryClient.getQueryCache().findAll({ queryKey: ['chat'] }).length).toBeGreaterThan(0);
    await act(() => router.navigate('/app/more'));
    await waitFor(() => expect(queryClient.getQueryCache().findAll({ queryKey: ['chat'] })).toEqual([]));
  });
});

describe('Messages screen: member search (spec §2)', () => {
  const thandi = { id: 'usr_t', name: 'Thandi Nkosi', age: 29, city: 'Durban', photo: null };

  it('searches after a pause: \'Searching for "…"\', then the members found', async () => {
    let answer!: () => void;
    const fetch = api({
      'GET /api/chat/users/search': () => new Promise((resolve) => (answer = () => resolve(ok(page([thandi]))))),
    });
    const { user } = await openMessages();
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'Tha');
    expect(screen.getByRole('status')).toHaveTextContent('Searching for "Tha"');
    await waitFor(() => expect(calledEndpoints(fetch)).toContain('GET /api/chat/users/search'));
    // One call for the whole word, with the trimmed text and the page size 10.
    const calls = fetch.mock.calls.map(([url]) => String(url)).filter((u) => u.includes('/users/search'));
    expect(calls).toEqual(['/api/chat/users/search?search=Tha&per_page=10']);
    expect(screen.queryByRole('list', { name: 'Conversations' })).toBeNull();
    answer();
    const results = await screen.findByRole('list', { name: 'Search results' });
    // Name, age and city (issue 32 item 11): no e-mail, masked or not.
    const result = within(results).getByRole('button', { name: /Thandi Nkosi/ });
    expect(result).toHaveTextContent('29 years old • Durban');
    expect(result.textContent).not.toMatch(/@|\*\*\*/);
  });

  it('asks for a second character before searching (the server refuses one)', async () => {
    const fetch = api();
    const { user } = await openMessages();
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'T');
    expect(screen.getByRole('status')).toHaveTextContent(USER_SEARCH_MESSAGES.tooShort);
    // eslint-disable-next-line no-restricted-syntax -- time is what is tested: the search's debounce passes and still nothing is asked
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 100));
    expect(calledEndpoints(fetch)).not.toContain('GET /api/chat/users/search');
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'h');
    await waitFor(() => expect(calledEndpoints(fetch)).toContain('GET /api/chat/users/search'));
  });

  it("shows 'No users found for \"…\"' with 'Try a different search term'", async () => {
    api();
    const { user } = await openMessages();
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'zzz');
    expect(await screen.findByText('No users found for "zzz"')).toBeInTheDocument();
    expect(screen.getByText('Try a different search term')).toBeInTheDocument();
  });

  it("starts a chat named 'Chat with' + name, says 'Chat started successfully' and opens it", async () => {
    const fetch = api({
      'GET /api/chat/users/search': () => ok(page([thandi])),
      'POST /api/chat/rooms': () => json(201, { success: true, data: room('room_new', 'Chat with Thandi Nkosi'), message: 'Chat started successfully' }),
      'GET /api/chat/rooms/room_new': () => ok(room('room_new', 'Chat with Thandi Nkosi')),
      'GET /api/chat/rooms/room_new/messages': () => ok(page([])),
      'POST /api/chat/rooms/room_new/read': () => ok({ read_at: new Date().toISOString() }),
    });
    const { user, router } = await openMessages();
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'Thandi');
    await user.click(await screen.findByRole('button', { name: /Thandi Nkosi/ }));
    expect(sentBody(fetch, 'POST /api/chat/rooms')).toEqual({ user_id: 'usr_t', name: 'Chat with Thandi Nkosi' });
    expect(await screen.findByText('Chat started successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/messages/room_new'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Thandi Nkosi' })).toBeInTheDocument();
  });

  // Spec §8: the server's message, else 'Failed to create chat room' (a 500 has none to show).
  it.each([
    { status: 500, message: 'boom', shown: 'Failed to create chat room', hidden: 'boom' },
    { status: 422, message: 'Thandi Nkosi only accepts messages from matches.', shown: 'Thandi Nkosi only accepts messages from matches.', hidden: 'Failed to create chat room' },
  ])('says $shown when the chat cannot be started ($status)', async ({ status, message, shown, hidden }) => {
    api({
      'GET /api/chat/users/search': () => ok(page([thandi])),
      'POST /api/chat/rooms': () => apiError(status, message),
    });
    const { user, router } = await openMessages();
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'Thandi');
    await user.click(await screen.findByRole('button', { name: /Thandi Nkosi/ }));
    expect(await screen.findByText(shown)).toBeInTheDocument();
    expect(screen.queryByText(hidden)).toBeNull();
    expect(router.state.location.pathname).toBe('/app/messages');
  });

  it("says 'Failed to search users' when the search fails", async () => {
    api({ 'GET /api/chat/users/search': () => apiError(500, 'boom') });
    const { user } = await openMessages();
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'Thandi');
    expect(await screen.findByText('Failed to search users')).toBeInTheDocument();
  });

  it('shows the conversations again when the search is cleared', async () => {
    api();
    const { user } = await openMessages();
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'zzz');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByRole('list', { name: 'Conversations' })).toBeInTheDocument();
  });
});
