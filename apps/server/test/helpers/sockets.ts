import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@linkup/contract';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from './app';
import { buildUser, signIn } from './factories';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Starts the app on a free loopback port and returns its origin. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

export function openSocket(origin: string, token: string): Promise<ClientSocket> {
  return new Promise((resolve, reject) => {
    const socket: ClientSocket = connect(origin, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** Collects every payload of an event, to assert on what arrived (and what did not). */
export function record<T>(socket: ClientSocket, event: keyof ServerToClientEvents): T[] {
  const seen: T[] = [];
  (socket.on as (e: string, cb: (p: T) => void) => void)(event, (payload) => seen.push(payload));
  return seen;
}

export async function until(check: () => boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * For a describe block: a test app listening on a port (built before its tests, closed after,
 * with every socket opened through it), and `member(name)`: a new member signed in, socket open.
 */
export function liveTestApp(env: Record<string, string> = {}) {
  let app: TestApp | undefined;
  let origin = '';
  const sockets: ClientSocket[] = [];
  beforeAll(async () => {
    app = await buildTestApp(env);
    origin = await listen(app.app);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await app?.close();
  });
  const live = {
    get t(): TestApp {
      if (!app) throw new Error('liveTestApp is used before its beforeAll ran');
      return app;
    },
    get origin() {
      return origin;
    },
    async openSocket(token: string) {
      const socket = await openSocket(origin, token);
      sockets.push(socket);
      return socket;
    },
    async member(name: string) {
      const user = await buildUser(live.t.database.db, { name });
      const token = await signIn(live.t.app, user);
      return { user, token, socket: await live.openSocket(token) };
    },
  };
  return live;
}
