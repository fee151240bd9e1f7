import type { ChatMessage, ChatRoom } from '@linkup/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatScreen } from '@/features/chat/components/chat-screen';
import { buildMessage, fakeSocket } from '@/test/fake-socket';
import { confirmDialog } from '@/lib/dialogs';
import { createQueryClient } from '@/lib/query-client';
import { selectUnreadMessages, useUnreadStore } from '@/lib/unread-store';
import { apiError, buildSession, calledEndpoints, json, mockApi, resetStores, sentBody, type FetchHandler } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/socket', () => import('@/test/fake-socket').then((m) => m.fakeSocketModule()));
vi.mock(import('@/lib/dialogs'), async (importOriginal) => ({ ...(await importOriginal()), confirmDialog: vi.fn(async () => true), alertDialog: vi.fn() }));

const ME = 'usr_me';
const session = buildSession({ id: ME, name: 'Alex Demo' });
const ROOM: ChatRoom = { id: 'room_1', name: 'Chat with Thandi Nkosi', unread_count: 4, latest_message: null, last_activity: null };
const ok = (data: unknown, message?: string) => json(200, { success: true, data, ...(message ? { message } : {}) });
const fail = (status: number) => apiError(status, 'Nope.');
const page = (items: ChatMessage[], current = 1, last = 1) => ({
  items, pagination: { current_page: current, last_page: last, per_page: 50, total: items.length },
});
const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 10, minute)).toISOString();

const hers = buildMessage({ id: 'm1', user_id: 'usr_t', message: 'Hi Alex!', created_at: at(1) });
const mine = buildMessage({ id: 'm2', user_id: ME, message: 'Hey Thandi', created_at: at(2), is_edited: true });

function api(handlers: Record<string, FetchHandler> = {}) {
  return mockApi({
    'GET /api/chat/rooms/room_1': () => ok(ROOM),
    // Newest first, as the server sends them.
    'GET /api/chat/rooms/room_1/messages': () => ok(page([mine, hers])),
    'POST /api/chat/rooms/room_1/read': () => ok({ read_at: at(3) }),
    // The app shell's unread bookkeeping loads every room once connected.
    'GET /api/chat/rooms': () => ok({ items: [ROOM], pagination: { current_page: 1, last_page: 1, per_page: 100, total: 1 } }),
    ...handlers,
  });
}

async function openChat(path = '/app/messages/room_1') {
  const view = renderApp(path, { session });
  await screen.findByRole('heading', { level: 2, name: 'Thandi Nkosi' });
  return { ...view, user: userEvent.setup() };
}

const bubbles = () => screen.queryAllByTestId('message');
const texts = () => bubbles().map((b) => b.querySelector('.bubble-text')?.textContent?.replace(/^You: /, ''));
const composer = () => screen.getByPlaceholderText('Type a message...');

beforeEach(() => {
  fakeSocket.reset();
  useUnreadStore.getState().reset();
  vi.mocked(confirmDialog).mockReset().mockResolvedValue(true);
});
afterEach(() => vi.unstubAllGlobals());

describe('Chat screen: header and conversation (spec §2)', () => {
  it("shows 'Loading...' until the room's name is known, then the name and 'Active now'", async () => {
    // The page's one h1 is its title, for screen readers; the room's name is what shows.
    let answer: (() => void) | undefined;
    api({ 'GET /api/chat/rooms/room_1': () => new Promise((resolve) => (answer = () => resolve(ok(ROOM)))) });
    renderApp('/app/messages/room_1', { session });
    expect(await screen.findByRole('heading', { level: 2, name: 'Loading...' })).toBeInTheDocument();
    // The heading can be there before the room is asked for (on a busy machine it was).
    await waitFor(() => expect(answer).toBeDefined());
    answer!();
    expect(await screen.findByRole('heading', { level: 2, name: 'Thandi Nkosi' })).toBeInTheDocument();
    expect(screen.getByText('Active now')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Chat' })).toHaveClass('sr-only');
  });

  it("shows the messages oldest first, mine on the right and theirs on the left, with '(edited)'", async () => {
    api();
    await openChat();
    await waitFor(() => expect(texts()).toEqual(['Hi Alex!', 'Hey Thandi']));
    const [first, second] = bubbles();
    expect(first).toHaveClass('is-theirs');
    expect(second).toHaveClass('is-mine');
    expect(second).toHaveTextContent('(edited)');
    expect(first).not.toHaveTextContent('(edited)');
    // Only my own messages can be edited or deleted.
    expect(within(first!).queryByRole('button', { name: 'Edit message' })).toBeNull();
    expect(within(second!).getByRole('button', { name: 'Edit message' })).toBeInTheDocument();
    expect(within(second!).getByRole('button', { name: 'Delete message' })).toBeInTheDocument();
  });

  it("shows 'No messages yet' with 'Start the conversation by sending a message'", async () => {
    api({ 'GET /api/chat/rooms/room_1/messages': () => ok(page([])) });
    await openChat();
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
    expect(screen.getByText('Start the conversation by sending a message')).toBeInTheDocument();
  });

  it("offers 'Load earlier messages' while older pages exist, and loads them", async () => {
    const older = buildMessage({ id: 'm0', message: 'The very first', created_at: at(0) });
    const fetch = api({
      'GET /api/chat/rooms/room_1/messages': (url) =>
        url.includes('page=2') ? ok(page([older], 2, 2)) : ok(page([mine, hers], 1, 2)),
    });
    const { user } = await openChat();
    const button = await screen.findByRole('button', { name: 'Load earlier messages' });
    await user.click(button);
    await waitFor(() => expect(texts()).toEqual(['The very first', 'Hi Alex!', 'Hey Thandi']));
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
    expect(fetch.mock.calls.map(([u]) => String(u)).filter((u) => u.includes('/messages'))).toEqual([
      '/api/chat/rooms/room_1/messages?page=1&per_page=50',
      '/api/chat/rooms/room_1/messages?page=2&per_page=50',
    ]);
  });

  it('is the same screen at /app/chat/:roomId', async () => {
    api();
    await openChat('/app/chat/room_1');
    await waitFor(() => expect(texts()).toEqual(['Hi Alex!', 'Hey Thandi']));
  });

  it("says 'Failed to fetch chat room' and 'Failed to fetch messages' when they cannot be loaded (a failure the catalogue words itself, not a room that is gone)", async () => {
    api({ 'GET /api/chat/rooms/room_1': () => fail(429), 'GET /api/chat/rooms/room_1/messages': () => fail(429) });
    renderApp('/app/messages/room_1', { session });
    expect(await screen.findByText('Failed to fetch chat room')).toBeInTheDocument();
    expect(await screen.findAllByText('Failed to fetch messages')).not.toHaveLength(0);
    // No longer 'Loading...': the header falls back to the page's title.
    expect(screen.getByRole('heading', { level: 2, name: 'Chat' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('Chat screen: unread (spec §4)', () => {
  it('sets the room to 0 unread when it opens and tells the server', async () => {
    const other: ChatRoom = { ...ROOM, id: 'room_2', unread_count: 2 };
    // The server still counts 4 for the room being opened: it is read now, so it stays at 0.
    const fetch = api({ 'GET /api/chat/rooms': () => ok({ items: [ROOM, other], pagination: { current_page: 1, last_page: 1, per_page: 100, total: 2 } }) });
    act(() => useUnreadStore.getState().setAll([{ id: 'room_1', unread_count: 4, latest_message: null }, { id: 'room_2', unread_count: 2, latest_message: null }]));
    await openChat();
    await waitFor(() => expect(calledEndpoints(fetch)).toContain('GET /api/chat/rooms'));
    expect(useUnreadStore.getState().counts).toEqual({ room_1: 0, room_2: 2 });
    expect(selectUnreadMessages(useUnreadStore.getState())).toBe(2);
    await waitFor(() => expect(calledEndpoints(fetch)).toContain('POST /api/chat/rooms/room_1/read'));
  });

  it('ignores a failed read call silently', async () => {
    api({ 'POST /api/chat/rooms/room_1/read': () => fail(500) });
    await openChat();
    await waitFor(() => expect(texts()).toHaveLength(2));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not count messages of the open room, but counts another room’s', async () => {
    api();
    await openChat();
    await fakeSocket.deliver('NewMessage', { channel: 'messages', message: buildMessage({ id: 'x1', chat_room_id: 'room_1' }), chat_room_id: 'room_1' });
    await fakeSocket.deliver('NewMessage', { channel: 'messages', message: buildMessage({ id: 'x2', chat_room_id: 'room_9' }), chat_room_id: 'room_9' });
    // The app shell's bookkeeping runs only in the shell; the store decides by the open room.
    act(() => {
      useUnreadStore.getState().newMessage(buildMessage({ id: 'x1', chat_room_id: 'room_1' }));
      useUnreadStore.getState().newMessage(buildMessage({ id: 'x2', chat_room_id: 'room_9' }));
    });
    expect(useUnreadStore.getState().counts.room_1 ?? 0).toBe(0);
    expect(useUnreadStore.getState().counts.room_9).toBe(1);
  });
});

describe('Chat screen: real time (spec §4, DESIGN §5)', () => {
  it('follows chat.room.{id} while open and stops when the member leaves the screen', async () => {
    api();
    const { unmount } = await openChat();
    expect(fakeSocket.emittedOf('subscribe').map(([channel]) => channel)).toEqual(['chat.room.room_1']);
    unmount();
    expect(fakeSocket.emittedOf('unsubscribe')).toEqual([['chat.room.room_1']]);
    expect(fakeSocket.listenerCount('message.sent')).toBe(0);
  });

  it('when the server refuses the room channel, says so in the console and still shows the room by HTTP', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeSocket.refuseChannel('chat.room.room_1');
    api();
    await openChat();
    await waitFor(() => expect(texts()).toEqual(['Hi Alex!', 'Hey Thandi']));
    expect(warn).toHaveBeenCalledWith('Could not follow chat.room.room_1: Resource not found.');
    warn.mockRestore();
  });

  it('adds message.sent (once per id), applies message.updated and message.deleted', async () => {
    api();
    await openChat();
    await waitFor(() => expect(texts()).toHaveLength(2));
    const incoming = buildMessage({ id: 'm3', user_id: 'usr_t', message: 'Are you free Friday?', created_at: at(5) });
    await fakeSocket.deliver('message.sent', { channel: 'chat.room.room_1', message: incoming });
    await fakeSocket.deliver('message.sent', { channel: 'chat.room.room_1', message: incoming });
    // Another room's events are not this screen's.
    await fakeSocket.deliver('message.sent', { channel: 'chat.room.room_2', message: buildMessage({ id: 'zz', chat_room_id: 'room_2' }) });
    expect(texts()).toEqual(['Hi Alex!', 'Hey Thandi', 'Are you free Friday?']);

    await fakeSocket.deliver('message.updated', { channel: 'chat.room.room_1', message: { ...incoming, message: 'Are you free Saturday?', is_edited: true } });
    expect(bubbles()[2]).toHaveTextContent('Are you free Saturday?');
    expect(bubbles()[2]).toHaveTextContent('(edited)');

    await fakeSocket.deliver('message.deleted', { channel: 'chat.room.room_1', id: 'm1', chat_room_id: 'room_1' });
    expect(texts()).toEqual(['Hey Thandi', 'Are you free Saturday?']);
  });

  it("shows '<name> is typing…' and hides it when their message arrives", async () => {
    api();
    await openChat();
    await fakeSocket.deliver('typing', { channel: 'chat.room.room_1', chat_room_id: 'room_1', user_id: 'usr_t', name: 'Thandi' });
    expect(screen.getByText('Thandi is typing…')).toBeInTheDocument();
    // My own typing (another tab) is not shown.
    await fakeSocket.deliver('typing', { channel: 'chat.room.room_1', chat_room_id: 'room_1', user_id: ME, name: 'Alex Demo' });
    expect(screen.queryByText(/Alex Demo is typing/)).toBeNull();
    await fakeSocket.deliver('message.sent', { channel: 'chat.room.room_1', message: buildMessage({ id: 'm4', user_id: 'usr_t', created_at: at(6) }) });
    expect(screen.queryByText('Thandi is typing…')).toBeNull();
  });

  it('tells the room the member is typing: at once, then at most every half second (issue 32: the last key press is never lost)', async () => {
    api();
    const { user } = await openChat();
    await user.type(composer(), 'hello');
    expect(fakeSocket.emittedOf('typing')[0]).toEqual([{ chat_room_id: 'room_1' }]);
    // The key presses after the first within half a second send one more event when it ends.
    await waitFor(() => expect(fakeSocket.emittedOf('typing').length).toBeGreaterThanOrEqual(2));
    expect(fakeSocket.emittedOf('typing').length).toBeLessThanOrEqual(3);
  });

  it('catches up after a reconnect: follows the room again and reloads its messages', async () => {
    let round = 0;
    const late = buildMessage({ id: 'm9', user_id: 'usr_t', message: 'Sent while you were offline', created_at: at(9) });
    api({ 'GET /api/chat/rooms/room_1/messages': () => ok(page(round++ === 0 ? [mine, hers] : [late, mine, hers])) });
    await openChat();
    await waitFor(() => expect(texts()).toHaveLength(2));
    await fakeSocket.drop();
    await fakeSocket.reconnect();
    await waitFor(() => expect(texts()).toEqual(['Hi Alex!', 'Hey Thandi', 'Sent while you were offline']));
    expect(fakeSocket.emittedOf('subscribe')).toHaveLength(2);
  });
});

describe('Chat screen: sending (spec §2, §5)', () => {
  it('sends with a client id and shows the message without waiting for the socket', async () => {
    const sent = buildMessage({ id: 'm5', user_id: ME, message: 'On my way', created_at: at(7) });
    const fetch = api({ 'POST /api/chat/messages': () => json(201, { success: true, data: sent }) });
    fakeSocket.connected = false;
    const { user } = await openChat();
    await user.type(composer(), 'On my way{Enter}');
    await waitFor(() => expect(texts()).toContain('On my way'));
    const body = sentBody(fetch, 'POST /api/chat/messages') as Record<string, unknown>;
    expect(body).toMatchObject({ chat_room_id: 'room_1', message: 'On my way', type: 'text' });
    expect(body.client_id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    // The same message arriving by socket is not shown twice.
    await fakeSocket.deliver('message.sent', { channel: 'chat.room.room_1', message: sent });
    expect(texts().filter((t) => t === 'On my way')).toHaveLength(1);
  });

  it('keeps a message sent, or received, while the messages still load: the load read before them and answers after', async () => {
    // Seen in the browser: the room's first load answered after the first send and the room said "No messages yet".
    const sent = buildMessage({ id: 'm5', user_id: ME, message: 'On my way', created_at: at(7) });
    const incoming = buildMessage({ id: 'm6', user_id: 'usr_t', message: 'See you soon', created_at: at(8) });
    let answer: (() => void) | undefined;
    api({
      'GET /api/chat/rooms/room_1/messages': () => new Promise((resolve) => (answer = () => resolve(ok(page([mine, hers]))))),
      'POST /api/chat/messages': () => json(201, { success: true, data: sent }),
    });
    const { user } = await openChat();
    await waitFor(() => expect(answer).toBeDefined());
    await user.type(composer(), 'On my way{Enter}');
    await waitFor(() => expect(composer()).toHaveValue(''));
    await fakeSocket.deliver('message.sent', { channel: 'chat.room.room_1', message: incoming });
    answer!();
    await waitFor(() => expect(texts()).toEqual(['Hi Alex!', 'Hey Thandi', 'On my way', 'See you soon']));
  });

  it('keeps a message sent while earlier messages load', async () => {
    const older = buildMessage({ id: 'm0', message: 'The very first', created_at: at(0) });
    const sent = buildMessage({ id: 'm5', user_id: ME, message: 'On my way', created_at: at(7) });
    let answer: (() => void) | undefined;
    api({
      'GET /api/chat/rooms/room_1/messages': (url) =>
        url.includes('page=2') ? new Promise((resolve) => (answer = () => resolve(ok(page([older], 2, 2))))) : ok(page([mine, hers], 1, 2)),
      'POST /api/chat/messages': () => json(201, { success: true, data: sent }),
    });
    const { user } = await openChat();
    await user.click(await screen.findByRole('button', { name: 'Load earlier messages' }));
    await waitFor(() => expect(answer).toBeDefined());
    await user.type(composer(), 'On my way{Enter}');
    await waitFor(() => expect(texts()).toContain('On my way'));
    answer!();
    await waitFor(() => expect(texts()).toEqual(['The very first', 'Hi Alex!', 'Hey Thandi', 'On my way']));
  });

  it("puts the text back and says 'Failed to send message' when sending fails; a retry reuses the client id", async () => {
    let attempt = 0;
    const sent = buildMessage({ id: 'm6', user_id: ME, message: 'Retry me', created_at: at(8) });
    // An answer without the server's own words: the screen's text.
    const fetch = api({ 'POST /api/chat/messages': () => (attempt++ === 0 ? apiError(422, '') : json(201, { success: true, data: sent })) });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user } = await openChat();
    await user.type(composer(), 'Retry me{Enter}');
    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
    await waitFor(() => expect(composer()).toHaveValue('Retry me'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(texts()).toContain('Retry me'));
    const first = sentBody(fetch, 'POST /api/chat/messages', 0) as { client_id: string };
    const second = sentBody(fetch, 'POST /api/chat/messages', 1) as { client_id: string };
    expect(second.client_id).toBe(first.client_id);
    expect(warn).toHaveBeenCalledWith('Sending a message failed', expect.anything());
  });

  it("shows the server's reason when it refuses a message (spec §8: server message, else 'Failed to send message')", async () => {
    api({ 'POST /api/chat/messages': () => apiError(403, 'Thandi only accepts messages from matches.') });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user } = await openChat();
    await user.type(composer(), 'Hello{Enter}');
    expect(await screen.findByText('Thandi only accepts messages from matches.')).toBeInTheDocument();
    expect(screen.queryByText('Failed to send message')).toBeNull();
  });

  it("says 'Room ID is required to send a message' without a room", async () => {
    resetStores(session);
    api();
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ChatScreen title="Chat" roomId={undefined} onBack={() => {}} onLeft={() => {}} />
        <ToastContainer />
      </QueryClientProvider>,
    );
    await user.type(composer(), 'Hello?{Enter}');
    expect(await screen.findByText('Room ID is required to send a message')).toBeInTheDocument();
    expect(composer()).toHaveValue('Hello?');
  });
});

describe('Chat screen: editing and deleting my messages (spec §2, §6)', () => {
  it("edits in the 'Editing message' panel: Save shows '(edited)' and 'Message updated successfully'", async () => {
    const fetch = api({
      'PUT /api/chat/messages/m2': () => ok({ ...mine, message: 'Hey Thandi!', is_edited: true }, 'Message updated successfully'),
    });
    const { user } = await openChat();
    await user.click(await screen.findByRole('button', { name: 'Edit message' }));
    const panel = screen.getByRole('form', { name: 'Editing message' });
    const box = within(panel).getByRole('textbox');
    expect(box).toHaveValue('Hey Thandi');
    expect(screen.getByPlaceholderText('Type a message...')).not.toBeVisible();
    await user.type(box, '!');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText('Message updated successfully')).toBeInTheDocument();
    expect(sentBody(fetch, 'PUT /api/chat/messages/m2')).toEqual({ message: 'Hey Thandi!' });
    expect(bubbles()[1]).toHaveTextContent('Hey Thandi!');
    expect(screen.queryByRole('form', { name: 'Editing message' })).toBeNull();
    expect(composer()).toBeVisible();
  });

  it("says 'Failed to edit message' and keeps the panel open when the edit fails", async () => {
    api({ 'PUT /api/chat/messages/m2': () => fail(500) });
    const { user } = await openChat();
    await user.click(await screen.findByRole('button', { name: 'Edit message' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The text did not change: nothing to save, the panel closes.
    expect(screen.queryByRole('form', { name: 'Editing message' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit message' }));
    await user.type(within(screen.getByRole('form', { name: 'Editing message' })).getByRole('textbox'), ' again');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to edit message')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Editing message' })).toBeInTheDocument();
  });

  it("shows the server's reason when it refuses an edit (spec §8: server message, else …)", async () => {
    api({ 'PUT /api/chat/messages/m2': () => apiError(403, 'You can only edit your own messages.') });
    const { user } = await openChat();
    await user.click(await screen.findByRole('button', { name: 'Edit message' }));
    await user.type(within(screen.getByRole('form', { name: 'Editing message' })).getByRole('textbox'), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You can only edit your own messages.')).toBeInTheDocument();
    expect(screen.queryByText('Failed to edit message')).toBeNull();
  });

  it("shows the server's reason when it refuses a deletion", async () => {
    api({ 'DELETE /api/chat/messages/m2': () => apiError(404, 'Message not found.') });
    const { user } = await openChat();
    await user.click(await screen.findByRole('button', { name: 'Delete message' }));
    expect(await screen.findByText('Message not found.')).toBeInTheDocument();
    expect(screen.queryByText('Failed to delete message')).toBeNull();
  });

  it('keeps a draft in the composer while a message is edited', async () => {
    api();
    const { user } = await openChat();
    await user.type(composer(), 'half-written');
    await user.click(await screen.findByRole('button', { name: 'Edit message' }));
    await user.keyboard('{Escape}');
    expect(composer()).toHaveValue('half-written');
  });

  it("deletes after confirming, with 'Message deleted successfully'", async () => {
    const fetch = api({ 'DELETE /api/chat/messages/m2': () => ok(null, 'Message deleted successfully') });
    const { user } = await openChat();
    await user.click(await screen.findByRole('button', { name: 'Delete message' }));
    expect(confirmDialog).toHaveBeenCalledWith('Delete this message?', undefined, { destructive: true, confirmLabel: 'Delete' });
    expect(await screen.findByText('Message deleted successfully')).toBeInTheDocument();
    expect(texts()).toEqual(['Hi Alex!']);
    expect(calledEndpoints(fetch)).toContain('DELETE /api/chat/messages/m2');
  });

  it('keeps the message when the member does not confirm, and says so when deleting fails', async () => {
    const fetch = api({ 'DELETE /api/chat/messages/m2': () => fail(500) });
    const { user } = await openChat();
    vi.mocked(confirmDialog).mockResolvedValueOnce(false);
    await user.click(await screen.findByRole('button', { name: 'Delete message' }));
    expect(calledEndpoints(fetch)).not.toContain('DELETE /api/chat/messages/m2');
    await user.click(screen.getByRole('button', { name: 'Delete message' }));
    expect(await screen.findByText('Failed to delete message')).toBeInTheDocument();
    expect(texts()).toEqual(['Hi Alex!', 'Hey Thandi']);
  });
});

describe('Chat screen: leaving (spec §2, §4)', () => {
  it("offers 'Leave Chat' and Cancel; after confirming it returns to the list with 'Left chat room successfully'", async () => {
    const fetch = api({
      'DELETE /api/chat/rooms/room_1/leave': () => ok(null, 'Left chat room successfully'),
      'GET /api/chat/rooms': () => ok({ items: [], pagination: { current_page: 1, last_page: 1, per_page: 15, total: 0 } }),
    });
    act(() => useUnreadStore.getState().setAll([{ id: 'room_1', unread_count: 3, latest_message: null }]));
    const { user, router } = await openChat();
    await user.click(screen.getByRole('button', { name: 'Chat options' }));
    const sheet = screen.getByRole('dialog', { name: 'Chat options' });
    expect(within(sheet).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: 'Leave Chat' }));
    expect(confirmDialog).toHaveBeenCalledWith('Are you sure you want to leave this chat?', undefined, { destructive: true, confirmLabel: 'Leave Chat' });
    expect(await screen.findByText('Left chat room successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/messages'));
    expect(calledEndpoints(fetch)).toContain('DELETE /api/chat/rooms/room_1/leave');
    expect(useUnreadStore.getState().counts).toEqual({});
  });

  it('closes the sheet with Cancel or Esc, and stays when the member does not confirm', async () => {
    const fetch = api();
    const { user, router } = await openChat();
    await user.click(screen.getByRole('button', { name: 'Chat options' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Chat options' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    vi.mocked(confirmDialog).mockResolvedValueOnce(false);
    await user.click(screen.getByRole('button', { name: 'Chat options' }));
    await user.click(screen.getByRole('button', { name: 'Leave Chat' }));
    expect(calledEndpoints(fetch)).not.toContain('DELETE /api/chat/rooms/room_1/leave');
    expect(router.state.location.pathname).toBe('/app/messages/room_1');
  });

  it("says 'Failed to leave chat room' when leaving fails", async () => {
    api({ 'DELETE /api/chat/rooms/room_1/leave': () => fail(500) });
    const { user, router } = await openChat();
    await user.click(screen.getByRole('button', { name: 'Chat options' }));
    await user.click(screen.getByRole('button', { name: 'Leave Chat' }));
    expect(await screen.findByText('Failed to leave chat room')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/messages/room_1');
  });

  it('shows a room the member left as such: no error toasts, no presence, no composer, a way to Messages', async () => {
    api({
      'GET /api/chat/rooms/room_1': () => apiError(404, 'Chat room not found.'),
      'GET /api/chat/rooms/room_1/messages': () => apiError(404, 'Chat room not found.'),
    });
    renderApp('/app/messages/room_1', { session });
    expect(await screen.findByText('You left this chat')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Messages' })).toHaveAttribute('href', '/app/messages');
    expect(screen.queryByText('Active now')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(screen.queryByText('Failed to fetch messages')).toBeNull();
    expect(screen.queryByText('Failed to fetch chat room')).toBeNull();
  });
});
