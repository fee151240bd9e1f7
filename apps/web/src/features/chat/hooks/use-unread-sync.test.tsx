import type { ChatRoom } from '@linkup/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMessage, fakeSocket } from '@/test/fake-socket';
import { useSessionStore } from '@/lib/session-store';
import { selectUnreadMessages, useUnreadStore } from '@/lib/unread-store';
import { buildSession, calledEndpoints, json, mockApi } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/socket', () => import('@/test/fake-socket').then((m) => m.fakeSocketModule()));

const session = buildSession({ id: 'usr_me' });
const room = (id: string, unread: number): ChatRoom => ({ id, name: `Chat with ${id}`, unread_count: unread, latest_message: null, last_activity: null });
let rooms: ChatRoom[] = [];

function api() {
  return mockApi({
    'GET /api/chat/rooms': () => json(200, { success: true, data: { items: rooms, pagination: { current_page: 1, last_page: 1, per_page: 100, total: rooms.length } } }),
  });
}

const badge = () => screen.queryByTestId('messages-badge');
/** The chat calls only: the dashboard loads its own data beside the badge's. */
const chatCalls = (fetch: ReturnType<typeof api>) => calledEndpoints(fetch).filter((call) => call.includes('/api/chat/'));
const newMessage = (id: string, roomId: string, userId = 'usr_x') =>
  fakeSocket.deliver('NewMessage', { channel: 'messages', message: buildMessage({ id, chat_room_id: roomId, user_id: userId }), chat_room_id: roomId });

async function openDashboard() {
  const view = renderApp('/app/dashboard', { session });
  await screen.findByRole('heading', { level: 1, name: 'Home' });
  return view;
}

beforeEach(() => {
  fakeSocket.reset();
  useUnreadStore.getState().reset();
  rooms = [room('a', 2), room('b', 0)];
});
afterEach(() => vi.unstubAllGlobals());

describe('Messages tab badge, app-wide (spec §2, §4)', () => {
  it('starts from the server’s counts of every room (one list of up to 100)', async () => {
    const fetch = api();
    await openDashboard();
    await waitFor(() => expect(badge()).toHaveTextContent('2'));
    expect(fetch.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/chat/'))).toEqual(['/api/chat/rooms?page=1&per_page=100']);
  });

  it('rises with messages from others, once per message, and shows 9+ above nine', async () => {
    api();
    await openDashboard();
    await waitFor(() => expect(badge()).toHaveTextContent('2'));
    await newMessage('n1', 'b');
    await newMessage('n1', 'b');
    expect(selectUnreadMessages(useUnreadStore.getState())).toBe(3);
    await newMessage('n2', 'b', 'usr_me');
    expect(selectUnreadMessages(useUnreadStore.getState())).toBe(3);
    for (let i = 0; i < 7; i++) await newMessage(`m${i}`, 'c');
    expect(badge()).toHaveTextContent('9+');
  });

  it('clears a room I read (on any device), not one the other member read', async () => {
    api();
    await openDashboard();
    await waitFor(() => expect(badge()).toHaveTextContent('2'));
    await fakeSocket.deliver('MessageRead', { channel: 'messages', chat_room_id: 'a', user_id: 'usr_x', read_at: new Date().toISOString() });
    expect(badge()).toHaveTextContent('2');
    await fakeSocket.deliver('MessageRead', { channel: 'messages', chat_room_id: 'a', user_id: 'usr_me', read_at: new Date().toISOString() });
    expect(badge()).toBeNull();
  });

  it('reloads the counts when the connection comes back', async () => {
    const fetch = api();
    await openDashboard();
    await waitFor(() => expect(badge()).toHaveTextContent('2'));
    rooms = [room('a', 5)];
    await fakeSocket.drop();
    await fakeSocket.reconnect();
    await waitFor(() => expect(badge()).toHaveTextContent('5'));
    expect(chatCalls(fetch)).toEqual(['GET /api/chat/rooms', 'GET /api/chat/rooms']);
  });

  it('keeps a message that arrives while the counts are on their way (the list predates it)', async () => {
    let answer!: () => void;
    mockApi({
      'GET /api/chat/rooms': () => new Promise<Response>((resolve) => {
        const stale = rooms;
        answer = () => resolve(json(200, { success: true, data: { items: stale, pagination: { current_page: 1, last_page: 1, per_page: 100, total: stale.length } } }));
      }),
    });
    rooms = [room('a', 0), room('b', 0)];
    await openDashboard();
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    await newMessage('n1', 'a');
    expect(badge()).toHaveTextContent('1');
    answer();
    // The list has landed (it brings room b) and the message still counts.
    await waitFor(() => expect(useUnreadStore.getState().counts).toHaveProperty('b', 0));
    expect(badge()).toHaveTextContent('1');
  });

  it('waits for the connection before loading, and starts over for another member', async () => {
    fakeSocket.connected = false;
    const fetch = api();
    await openDashboard();
    expect(chatCalls(fetch)).toEqual([]);
    useUnreadStore.getState().setAll([room('a', 4)]);
    useSessionStore.getState().signOut('logout');
    expect(useUnreadStore.getState().counts).toEqual({});
  });
});
