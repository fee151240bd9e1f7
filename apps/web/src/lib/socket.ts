/**
 * The real-time connection (DESIGN §5): one Socket.IO client per signed-in session, opened with the
 * session's token in the handshake `auth`, reconnecting by itself, and closed when the session
 * ends or changes. Event names and payloads are the contract's. The Socket.IO client loads after
 * the first page has rendered and been painted (`loadSocketClient`); until then there is no
 * socket, as offline.
 */
import { SOCKET_PATH, type ClientToServerEvents, type ConnectRefusal, type ServerToClientEvents } from '@linkup/contract';
import { useEffect, useMemo, useState } from 'react';
import type { io as Io, Socket } from 'socket.io-client';
import { env } from '@/config/env';
import { api } from '@/lib/api-client';
import { useAfterFirstPaint } from '@/lib/after-load';
import { useSessionStore } from '@/lib/session-store';

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The server's origin: the page's own on the web, the API's in native builds (absolute VITE_API_URL). */
export function socketOrigin(apiUrl: string = env.apiUrl, pageOrigin: string = window.location.origin): string {
  return /^https?:\/\//i.test(apiUrl) ? new URL(apiUrl).origin : pageOrigin;
}

let current: { token: string; socket: RealtimeSocket } | null = null;
let io: typeof Io | null = null;
let loading: Promise<void> | null = null;

/** Loads the Socket.IO client once; resolves when `socketFor` can open a socket. */
export function loadSocketClient(): Promise<void> {
  loading ??= import('socket.io-client').then(
    (client) => {
      io = client.io;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** After the server refused a connection for too many attempts, when to try again. */
export const REFUSED_RETRY_MS = 30_000;

/** The session's socket, opened on first use; null when signed out or before the client has loaded. */
export function socketFor(token: string | null): RealtimeSocket | null {
  if (!token) {
    closeSocket();
    return null;
  }
  if (current?.token === token) return current.socket;
  closeSocket();
  if (!io) return null;
  const socket: RealtimeSocket = io(socketOrigin(), {
    path: SOCKET_PATH,
    auth: { token },
    // WebSocket only: no long-polling, so several server processes need no sticky sessions.
    transports: ['websocket'],
    reconnectionDelayMax: 10_000,
    // This module keeps the one socket itself; never share a manager with an earlier session's.
    forceNew: true,
  });
  socket.on('connect_error', (error: Error & { data?: Partial<ConnectRefusal> }) => {
    // A refusal is not retried by Socket.IO. A refused token: the HTTP client ends such a session
    // on its next call. Too many attempts from this address, or too many connections open: try
    // again in a while. Told apart by the refusal's code, never its message.
    if (socket.active) return;
    console.warn('Real-time connection refused:', error.message);
    const code = error.data?.code;
    if (code === 'socket_connect_limit' || code === 'socket_limit') {
      setTimeout(() => {
        if (current?.socket === socket && !socket.connected) socket.connect();
      }, REFUSED_RETRY_MS);
    }
  });
  socket.on('disconnect', (reason) => {
    // The server closed the connection itself (issue 30: a suspension or ban ends every session and
    // closes its sockets at once). Socket.IO does not reconnect then; one call tells the app what
    // happened: a 401 signs out, a 423 account_suspended shows the standing page (lib/api-client).
    if (reason === 'io server disconnect' && current?.socket === socket) checkSession();
  });
  current = { token, socket };
  return socket;
}

function checkSession(): void {
  // Its answer is acted on by the HTTP client; a failure here needs nothing more.
  api.get('/auth/user').catch(() => undefined);
}

/** The session's socket while it is connected, else null (callers then use HTTP). */
export function liveSocket(): RealtimeSocket | null {
  return current?.socket.connected ? current.socket : null;
}

/**
 * Opens the session's connection again at once. After the system suspended the app, the socket
 * may still count as connected on a connection that died meanwhile, and would find out only at
 * the ping timeout (~45 s). Listeners stay; 'connect' tells them to subscribe again.
 */
export function reconnectSocket(): void {
  if (!current) return;
  current.socket.disconnect();
  current.socket.connect();
}

/** Closes the session's socket (logout, expired or replaced session). */
export function closeSocket(): void {
  if (!current) return;
  current.socket.removeAllListeners();
  current.socket.disconnect();
  current = null;
}

useSessionStore.subscribe((state, previous) => {
  if (state.token !== previous.token && current && current.token !== state.token) closeSocket();
});

/** The signed-in member's socket (opening it if needed), or null when signed out. */
export function useSocket(): RealtimeSocket | null {
  const token = useSessionStore((s) => s.token);
  const [loaded, setLoaded] = useState(io !== null);
  // Not before a first visit's page is on screen: the client (13 KB) would share the network and
  // the main thread with that page's first paint (issue #18).
  const painted = useAfterFirstPaint();
  useEffect(() => {
    if (loaded || !token || !painted) return;
    let active = true;
    loadSocketClient().then(
      () => {
        if (active) setLoaded(true);
      },
      (error: unknown) => console.warn('Could not load the real-time client', error),
    );
    return () => {
      active = false;
    };
  }, [loaded, token, painted]);
  return useMemo(() => (loaded ? socketFor(token) : null), [loaded, token]);
}
