import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
}
const clients = vi.hoisted(() => [] as FakeClient[]);

vi.mock('socket.io-client', () => ({
  io: vi.fn((uri: string, opts: Record<string, unknown>) => {
    const client: FakeClient = {
      uri, opts, connected: false, active: true,
      disconnect: vi.fn(), removeAllListeners: vi.fn(), on: vi.fn(),
    };
    clients.push(client);
    return client;
  }),
}));

const { closeSocket, socketFor, socketOrigin } = await import('@/lib/socket');

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

  it('replaces the socket when the token changes', () => {
    socketFor('tok_a');
    useSessionStore.setState({ token: 'tok_c' });
    expect(clients[0]!.disconnect).toHaveBeenCalled();
  });
});
