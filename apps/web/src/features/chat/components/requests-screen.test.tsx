import type { ChatRequest, ChatRoom } from '@linkup/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMessage, fakeSocket } from '@/test/fake-socket';
import { confirmDialog } from '@/lib/dialogs';
import { useUnreadStore } from '@/lib/unread-store';
import { apiError, buildSession, calledEndpoints, json, mockApi, type FetchHandler } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/socket', () => import('@/test/fake-socket').then((m) => m.fakeSocketModule()));
vi.mock(import('@/lib/dialogs'), async (importOriginal) => ({ ...(await importOriginal()), confirmDialog: vi.fn(async () => true), alertDialog: vi.fn() }));

const ME = 'usr_me';
const session = buildSession({ id: ME, name: 'Alex Demo' });
const ok = (data: unknown, message?: string) => json(200, { success: true, data, ...(message ? { message } : {}) });
const page = (items: unknown[], per = 15) => ({ items, pagination: { current_page: 1, last_page: 1, per_page: per, total: items.length } });

const request = (id: string, name: string, text: string, extra: Partial<ChatRequest['sender']> = {}): ChatRequest => ({
  id,
  sender: { id: `usr_${id}`, name, age: 29, city: 'Durban', photo: null, ...extra },
  message: buildMessage({ chat_room_id: id, user_id: `usr_${id}`, message: text }),
  created_at: new Date().toISOString(),
});
const sipho = request('room_s', 'Sipho Mokoena', 'Hi! I saw you like hiking too');
const lerato = request('room_l', 'Lerato Dube', 'Hello there', { age: null, city: null });
const acceptedRoom: ChatRoom = { id: 'room_s', name: 'Chat with Sipho Mokoena', unread_count: 0, latest_message: sipho.message, last_activity: sipho.created_at };

function api(handlers: Record<string, FetchHandler> = {}) {
  return mockApi({
    'GET /api/chat/requests': () => ok(page([sipho, lerato])),
    'GET /api/chat/rooms': () => ok(page([], 100)),
    'GET /api/chat/users/search': () => ok(page([])),
    ...handlers,
  });
}

beforeEach(() => {
  fakeSocket.reset();
  useUnreadStore.getState().reset();
  vi.mocked(confirmDialog).mockReset().mockResolvedValue(true);
});
afterEach(() => vi.unstubAllGlobals());

describe('Messages screen: the "Requests (n)" entry (issue 29)', () => {
  it('shows how many requests wait and leads to them; the unread count leaves them out', async () => {
    api();
    const { router } = renderApp('/app/messages', { session });
    const entry = await screen.findByRole('link', { name: 'Requests (2)' }, { timeout: 5000 });
    expect(screen.getByTestId('unread-total')).toHaveTextContent('0 unread messages');
    await userEvent.setup().click(entry);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/messages/requests'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Message Requests' })).toBeInTheDocument();
  });

  it('is not there while no request waits, and appears when one arrives', async () => {
    let requests: ChatRequest[] = [];
    api({ 'GET /api/chat/requests': () => ok(page(requests)) });
    renderApp('/app/messages', { session });
    await screen.findByText('No conversations yet', {}, { timeout: 5000 });
    expect(screen.queryByTestId('requests-entry')).toBeNull();
    requests = [sipho];
    await fakeSocket.deliver('notification', { type: 'message_request', action: 'view_requests', chat_room_id: 'room_s', title: 'New message request', body: 'Sipho Mokoena sent you a message request.' });
    expect(await screen.findByRole('link', { name: 'Requests (1)' })).toBeInTheDocument();
    // Quiet: no in-app card for a request.
    expect(screen.queryByText('New message request')).toBeNull();
  });
});

describe('Message requests screen (issue 29)', () => {
  const open = async () => {
    const view = renderApp('/app/messages/requests', { session });
    await screen.findByRole('heading', { level: 1, name: 'Message Requests' }, { timeout: 5000 });
    return { ...view, user: userEvent.setup() };
  };
  const item = (name: string) => screen.getAllByTestId('request').find((el) => el.textContent?.includes(name))!;

  it('lists each request with the sender, age and city when shown, the message, and Accept, Decline, Block and Report', async () => {
    api();
    await open();
    await screen.findByText('Hi! I saw you like hiking too');
    expect(screen.getAllByTestId('request')).toHaveLength(2);
    const first = item('Sipho Mokoena');
    expect(first).toHaveTextContent('29 • Durban');
    expect(within(first).getAllByRole('button').map((b) => b.textContent)).toEqual(['Accept', 'Decline', 'Block', 'Report']);
    expect(item('Lerato Dube')).not.toHaveTextContent('•');
  });

  it('says when there are none', async () => {
    api({ 'GET /api/chat/requests': () => ok(page([])) });
    await open();
    expect(await screen.findByText('No message requests')).toBeInTheDocument();
  });

  it('Accept makes it a conversation and opens the chat', async () => {
    const fetch = api({
      'POST /api/chat/rooms/room_s/accept': () => ok(acceptedRoom, 'Request accepted'),
      'GET /api/chat/rooms/room_s': () => ok(acceptedRoom),
      'GET /api/chat/rooms/room_s/messages': () => ok({ items: [sipho.message], pagination: { current_page: 1, last_page: 1, per_page: 50, total: 1 } }),
      'POST /api/chat/rooms/room_s/read': () => ok({ read_at: new Date().toISOString() }),
    });
    const { user, router } = await open();
    await screen.findByText('Hi! I saw you like hiking too');
    await user.click(within(item('Sipho Mokoena')).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/messages/room_s'), { timeout: 5000 });
    expect(await screen.findByText('Request accepted')).toBeInTheDocument();
    expect(calledEndpoints(fetch)).toContain('POST /api/chat/rooms/room_s/accept');
  });

  it('Decline removes it quietly', async () => {
    let requests = [sipho, lerato];
    const fetch = api({
      'GET /api/chat/requests': () => ok(page(requests)),
      'POST /api/chat/rooms/room_l/decline': () => {
        requests = [sipho];
        return ok(null, 'Request declined');
      },
    });
    const { user } = await open();
    await screen.findByText('Hello there');
    await user.click(within(item('Lerato Dube')).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.queryByText('Hello there')).toBeNull());
    expect(screen.getAllByTestId('request')).toHaveLength(1);
    expect(calledEndpoints(fetch)).toContain('POST /api/chat/rooms/room_l/decline');
  });

  it('Block asks first, then blocks the sender through the safety API and the request is gone', async () => {
    let requests = [sipho];
    const fetch = api({
      'GET /api/chat/requests': () => ok(page(requests)),
      'POST /api/users/usr_room_s/block': () => {
        requests = [];
        return json(201, { success: true, data: { id: 'usr_room_s', name: 'Sipho Mokoena', photo: null, blocked_at: new Date().toISOString() }, message: 'Blocked.' });
      },
    });
    const { user } = await open();
    await screen.findByText('Hi! I saw you like hiking too');
    await user.click(within(item('Sipho Mokoena')).getByRole('button', { name: 'Block' }));
    expect(confirmDialog).toHaveBeenCalledWith('Block Sipho Mokoena?', expect.any(String), expect.objectContaining({ destructive: true }));
    expect(await screen.findByText('No message requests')).toBeInTheDocument();
    expect(calledEndpoints(fetch)).toContain('POST /api/users/usr_room_s/block');
  });

  it('Report opens the report form for the sender', async () => {
    api();
    const { user } = await open();
    await screen.findByText('Hi! I saw you like hiking too');
    await user.click(within(item('Sipho Mokoena')).getByRole('button', { name: 'Report' }));
    expect(await screen.findByRole('dialog', { name: 'Report Sipho Mokoena' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('says when the requests cannot be loaded', async () => {
    api({ 'GET /api/chat/requests': () => apiError(400, '') });
    await open();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe("The sender's chat while the request waits (issue 29)", () => {
  const mine = buildMessage({ id: 'm_first', chat_room_id: 'room_x', user_id: ME, message: 'Hi Naledi' });
  const waiting: ChatRoom = { id: 'room_x', name: 'Chat with Naledi Khumalo', unread_count: 0, latest_message: mine, last_activity: mine.created_at };
  const chatApi = (room: ChatRoom, send: FetchHandler) => mockApi({
    'GET /api/chat/rooms/room_x': () => ok(room),
    'GET /api/chat/rooms/room_x/messages': () => ok({ items: [mine], pagination: { current_page: 1, last_page: 1, per_page: 50, total: 1 } }),
    'POST /api/chat/rooms/room_x/read': () => ok({ read_at: new Date().toISOString() }),
    'GET /api/chat/rooms': () => ok(page([room], 100)),
    'GET /api/chat/requests': () => ok(page([])),
    'POST /api/chat/messages': send,
  });
  const openChat = async () => {
    renderApp('/app/messages/room_x', { session });
    await screen.findByRole('heading', { level: 2, name: 'Naledi Khumalo' }, { timeout: 5000 });
    return userEvent.setup();
  };
  const composer = () => screen.getByRole('textbox', { name: /message/i });

  it('shows a calm note, not an error, when a further message is refused with 409 request_pending', async () => {
    chatApi(waiting, () => apiError(409, 'You can send more once Naledi Khumalo accepts your request.', undefined, 'request_pending'));
    const user = await openChat();
    expect(screen.queryByTestId('request-waiting')).toBeNull();
    await user.type(composer(), 'Are you there?{Enter}');
    expect(await screen.findByTestId('request-waiting')).toHaveTextContent('You can send more once Naledi Khumalo accepts your request.');
    expect(screen.queryByText('Failed to send message')).toBeNull();
    await waitFor(() => expect(composer()).toHaveValue('Are you there?'));
  });

  it('shows the note from the start when the room says the request waits', async () => {
    chatApi({ ...waiting, awaiting_acceptance: true }, () => apiError(500, ''));
    await openChat();
    expect(screen.getByTestId('request-waiting')).toHaveTextContent('You can send more once Naledi Khumalo accepts your request.');
  });

  it("says 'You can start N more conversations today' on 429 first_message_limit", async () => {
    const fresh: ChatRoom = { ...waiting, latest_message: null, last_activity: null };
    mockApi({
      'GET /api/chat/rooms/room_x': () => ok(fresh),
      'GET /api/chat/rooms/room_x/messages': () => ok({ items: [], pagination: { current_page: 1, last_page: 1, per_page: 50, total: 0 } }),
      'POST /api/chat/rooms/room_x/read': () => ok({ read_at: new Date().toISOString() }),
      'GET /api/chat/rooms': () => ok(page([], 100)),
      'GET /api/chat/requests': () => ok(page([])),
      'POST /api/chat/messages': () => json(429, {
        success: false, status: 429, code: 'first_message_limit', message: 'Too many requests. Please try again later.',
        details: { remaining: 0, resets_at: new Date(Date.now() + 3_600_000).toISOString() }, timestamp: new Date().toISOString(),
      }),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = await openChat();
    await user.type(composer(), 'Hello!{Enter}');
    expect(await screen.findByText('You can start 0 more conversations today')).toBeInTheDocument();
  });
});
