import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectRefusal } from '@linkup/contract';
import { useSessionStore } from '@/lib/session-store';
import { buildSession } from '@/test/fixtures';

interface FakeClient {
  uri: string;
  opts: Record<string, unknown>;
  connected: boolean;
  active: boolean;
  disconnect: ReturnType<typeof vi.fn>;
  removeAllListeners: ReturnType<typeof vi.fn>;
  on: ReturnType<typeof vi.fn>;
  connect: ReturnType<typeof vi.fn>;
}
const clients = vi.hoisted(() => [] as FakeClient[]);

vi.mock('socket.io-client', () => ({
  io: vi.fn((uri: string, opts: Record<string, unknown>) => {
    const client: FakeClient = {
      uri, opts, connected: false, active: true,
      disconnect: vi.fn(), removeAllListeners: vi.fn(), on: vi.fn(), connect: vi.fn(),
    };
    clients.push(client);
    return client;
  }),
}));

const { closeSocket, loadSocketClient, reconnectSocket, REFUSED_RETRY_MS, socketFor, socketOrigin } = await import('@/lib/socket');
await loadSocketClient();

beforeEach(() => {
  clients.length = 0;
  useSessionStore.setState({ token: 'tok_a', user: buildSession().user, signOutReason: null, landingPath: null });
});
afterEach(() => closeSocket());

describe('the real-time connection (DESIGN §5)', () => {
  it('connects to the API origin on /socket.io with the token in the handshake, WebSocket only', () => {
    const socket = socketFor('tok_a');
    expect(clients).toHaveLength(1);
    expect(clients[0]!.uri).toBe(window.location.origin);
    expect(clients[0]!.opts).toMatchObject({ path: '/socket.io', auth: { token: 'tok_a' }, transports: ['websocket'], forceNew: true });
    expect(socketFor('tok_a')).toBe(socket);
    expect(clients).toHaveLength(1);
  });

  it('tries again later when the server refused it for too many attempts or connections (by code), not for a bad token', () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      socketFor('tok_a');
      const client = clients[0]!;
      const onError = client.on.mock.calls.find(([event]) => event === 'connect_error')![1] as (error: Error) => void;
      const refused = (message: string, data: ConnectRefusal) => Object.assign(new Error(message), { data });
      client.active = false;
      onError(refused('Authentication required. Please log in.', { status: 401, code: 'unauthenticated' }));
      // The sentence alone decides nothing: only the code does.
      onError(new Error('Too many requests. Please try again later.'));
      vi.advanceTimersByTime(REFUSED_RETRY_MS);
      expect(client.connect).not.toHaveBeenCalled();
      onError(refused('Too many requests. Please try again later.', { status: 429, code: 'socket_connect_limit' }));
      vi.advanceTimersByTime(REFUSED_RETRY_MS - 1);
      expect(client.connect).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(client.connect).toHaveBeenCalledTimes(1);
      onError(refused('Too many requests. Please try again later.', { status: 429, code: 'socket_limit' }));
      vi.advanceTimersByTime(REFUSED_RETRY_MS);
      expect(client.connect).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
    }
  });

  it('uses the absolute API address of native builds', () => {
    expect(socketOrigin('/api', 'https://linkup.app')).toBe('https://linkup.app');
    expect(socketOrigin('https://api.linkup.app/api', 'capacitor://localhost')).toBe('https://api.linkup.app');
  });

  it('closes the socket when the member signs out, and opens a new one for a new session', () => {
    socketFor('tok_a');
    useSessionStore.getState().signOut('logout');
    expect(clients[0]!.disconnect).toHaveBeenCalled();
    expect(socketFor(null)).toBeNull();

    useSessionStore.setState({ token: 'tok_b' });
    socketFor('tok_b');
    expect(clients).toHaveLength(2);
    expect(clients[1]!.opts).toMatchObject({ auth: { token: 'tok_b' } });
  });

  it('opens the same socket again at once when asked (after a resume), keeping its listeners and session', () => {
    reconnectSocket();
    expect(clients).toHaveLength(0);

    const socket = socketFor('tok_a');
    const client = clients[0]!;
    client.connected = true;
    reconnectSocket();
    expect(client.disconnect).toHaveBeenCalledTimes(1);
    expect(client.connect).toHaveBeenCalledTimes(1);
    expect(client.disconnect.mock.invocationCallOrder[0]).toBeLessThan(client.connect.mock.invocationCallOrder[0]!);
    expect(client.removeAllListeners).not.toHaveBeenCalled();
    expect(socketFor('tok_a')).toBe(socket);
    expect(clients).toHaveLength(1);
  });

  it('replaces the socket when the token changes', () => {
    socketFor('tok_a');
    useSessionStore.setState({ token: 'tok_c' });
    expect(clients[0]!.disconnect).toHaveBeenCalled();
  });
});

describe('the server closing the connection (issue 30)', () => {
  it('checks the session over HTTP, so a suspension signs out or restricts the open app at once', async () => {
    const { mockFetchUnchecked, json } = await import('@/test/fixtures');
    const fetch = mockFetchUnchecked(() => json(401, { message: 'Unauthenticated.' }));
    useSessionStore.setState({ token: 'tok_a' });
    socketFor('tok_a');
    const onDisconnect = clients[0]!.on.mock.calls.find(([event]) => event === 'disconnect')![1] as (reason: string) => void;
    onDisconnect('transport close');
    expect(fetch).not.toHaveBeenCalled();
    onDisconnect('io server disconnect');
    await vi.waitFor(() => expect(useSessionStore.getState().token).toBeNull());
    expect(String(fetch.mock.calls[0]![0])).toContain('/auth/user');
    vi.unstubAllGlobals();
  });
});
