import { APP_NAME, type ChatMessage, type ChatRoom } from '@linkup/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMessage, fakeSocket } from '@/test/fake-socket';
import { useUnreadStore } from '@/lib/unread-store';
import { WIDE_SCREEN_QUERY } from '@/lib/use-wide-screen';
import { buildSession, json, mockApi } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/socket', () => import('@/test/fake-socket').then((m) => m.fakeSocketModule()));

const session = buildSession({ id: 'usr_me', name: 'Alex Demo' });
const ok = (data: unknown) => json(200, { success: true, data });
const pagination = (total: number, per_page: number) => ({ current_page: 1, last_page: 1, per_page, total });
const room = (id: string, name: string): ChatRoom => ({ id, name, unread_count: 0, latest_message: null, last_activity: null });
const ROOMS = [room('room_t', 'Chat with Thandi Nkosi'), room('room_s', 'Chat with Sipho Mokoena')];
const MESSAGES: Record<string, ChatMessage[]> = {
  room_t: [buildMessage({ id: 'm1', chat_room_id: 'room_t', user_id: 'usr_t', message: 'Hi from Thandi' })],
  room_s: [buildMessage({ id: 'm2', chat_room_id: 'room_s', user_id: 'usr_s', message: 'Hi from Sipho' })],
};

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  const handlers: Parameters<typeof mockApi>[0] = {
    'GET /api/chat/rooms': () => ok({ items: ROOMS, pagination: pagination(ROOMS.length, 15) }),
    'GET /api/chat/users/search': () => ok({ items: [], pagination: pagination(0, 10) }),
  };
  for (const r of ROOMS) {
    handlers[`GET /api/chat/rooms/${r.id}`] = () => ok(r);
    handlers[`GET /api/chat/rooms/${r.id}/messages`] = () => ok({ items: MESSAGES[r.id], pagination: pagination(1, 50) });
    handlers[`POST /api/chat/rooms/${r.id}/read`] = () => ok({ read_at: new Date().toISOString() });
  }
  return mockApi({ ...handlers, ...extra });
}

/** A window as wide as `wide` says, for the app's one breakpoint (lib/use-wide-screen.ts). */
function screenWidth(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === WIDE_SCREEN_QUERY ? wide : false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
  }));
}

const conversations = () => within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('link');
const sideNav = () => screen.queryByRole('navigation', { name: 'Main' });

beforeEach(() => {
  fakeSocket.reset();
  useUnreadStore.getState().reset();
});
afterEach(() => vi.unstubAllGlobals());

/** /app/chat/room_s on a wide screen or a phone, once Sipho's message shows. */
async function openSiphoAt(wide: boolean) {
  screenWidth(wide);
  api();
  renderApp('/app/chat/room_s', { session });
  expect(await screen.findByText('Hi from Sipho')).toBeInTheDocument();
}

describe('Messages on a wide screen: list and chat side by side (issue 17 item 16)', () => {
  it("shows the list and 'Pick a chat' until a chat is picked, then the chat beside the list, highlighted", async () => {
    screenWidth(true);
    api();
    const { router } = renderApp('/app/messages', { session });
    await screen.findByRole('heading', { level: 1, name: 'Messages' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Pick a chat' })).toBeInTheDocument();
    await screen.findAllByTestId('conversation');
    expect(conversations().filter((link) => link.getAttribute('aria-current') === 'page')).toEqual([]);

    const user = userEvent.setup();
    await user.click(conversations()[0]!);
    expect(await screen.findByText('Hi from Thandi')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/messages/room_t');
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.queryByText('Pick a chat')).toBeNull();
    expect(conversations()[0]).toHaveAttribute('aria-current', 'page');
    expect(conversations()[1]).not.toHaveAttribute('aria-current');
    expect(within(sideNav()!).getByRole('link', { name: /Messages/ })).toHaveAttribute('aria-current', 'page');

    await user.click(conversations()[1]!);
    expect(await screen.findByText('Hi from Sipho')).toBeInTheDocument();
    expect(screen.queryByText('Hi from Thandi')).toBeNull();
    expect(conversations()[1]).toHaveAttribute('aria-current', 'page');
    expect(conversations()[0]).not.toHaveAttribute('aria-current');
  });

  it('puts what the member sends in the pane at the top of the list beside it at once', async () => {
    screenWidth(true);
    const sent = buildMessage({ id: 'm3', chat_room_id: 'room_s', user_id: 'usr_me', message: 'Coffee at ten?' });
    api({ 'POST /api/chat/messages': () => json(201, { success: true, data: sent }) });
    renderApp('/app/messages/room_s', { session });
    expect(await screen.findByText('Hi from Sipho')).toBeInTheDocument();
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Message' }), 'Coffee at ten?{Enter}');
    await waitFor(() => expect(conversations()[0]).toHaveTextContent('Coffee at ten?'));
    expect(conversations()[0]).toHaveTextContent('Sipho Mokoena');
    expect(conversations()[0]).toHaveAttribute('aria-current', 'page');
  });

  it('opens /app/chat/:roomId as the split view with that room open, in the shell', async () => {
    await openSiphoAt(true);
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    await waitFor(() => expect(conversations()[1]).toHaveAttribute('aria-current', 'page'));
    expect(screen.getByRole('img', { name: APP_NAME })).toBeInTheDocument();
    expect(within(sideNav()!).getByRole('link', { name: /Messages/ })).toHaveAttribute('aria-current', 'page');
  });

  it('keeps the phone layout below the breakpoint: the chat alone, with no app header or tab bar', async () => {
    await openSiphoAt(false);
    expect(screen.getByRole('heading', { level: 1, name: 'Chat' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Conversations' })).toBeNull();
    expect(screen.queryByRole('img', { name: APP_NAME })).toBeNull();
    expect(sideNav()).toBeNull();
  });
});
