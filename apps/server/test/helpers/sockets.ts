import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, NotificationPayload, ServerToClientEvents } from '@linkup/contract';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from './app';
import { buildMember } from './factories';

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

const MARKER_TYPE = 'test.drained';
const isMarker = (payload: unknown) => (payload as { type?: unknown } | null)?.type === MARKER_TYPE;

/**
 * Collects every payload of an event, to assert on what arrived (and, after `drained`, what did
 * not). The markers `drained` sends are left out.
 */
export function record<T>(socket: ClientSocket, event: keyof ServerToClientEvents): T[] {
  const seen: T[] = [];
  (socket.on as (e: string, cb: (p: T) => void) => void)(event, (payload) => {
    if (!isMarker(payload)) seen.push(payload);
  });
  return seen;
}

/**
 * Resolves once everything the server emitted to this socket so far has arrived: the server sends
 * the socket a marker, and one socket's events arrive in the order they were emitted. Use it
 * instead of a pause before asserting that something did NOT arrive — a pause passes by accident
 * when the event is merely late. (Emit first whatever must happen before: an API call that has
 * answered, or an ack from the socket whose earlier packets the server must have handled.)
 */
export async function drained(app: FastifyInstance, socket: ClientSocket, ms = 3000): Promise<void> {
  const marker = randomUUID();
  const arrived = new Promise<void>((resolve, reject) => {
    const onNotification = (payload: NotificationPayload) => {
      if (payload.type !== MARKER_TYPE || payload.notification_id !== marker) return;
      clearTimeout(timer);
      socket.off('notification', onNotification);
      resolve();
    };
    const timer = setTimeout(() => {
      socket.off('notification', onNotification);
      reject(new Error(`the marker sent to socket ${socket.id} did not arrive within ${ms} ms`));
    }, ms);
    socket.on('notification', onNotification);
  });
  if (!socket.id) throw new Error('drained needs a connected socket');
  // A socket's id is also a room of its own: the marker goes to this socket only.
  app.realtime.toChannel(socket.id, 'notification', { type: MARKER_TYPE, notification_id: marker });
  await arrived;
}

/** Waits until `check` holds (it may be async), polling; fails after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
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
      const { user, token } = await buildMember(live.t.app, { name });
      return { user, token, socket: await live.openSocket(token) };
    },
  };
  return live;
}

/** Resolves once the server has closed the socket (or fails after `ms`). */
export const closedByServer = (socket: ClientSocket, ms = 3000) =>
  new Promise<string>((resolve, reject) => {
    if (socket.disconnected) return resolve('already');
    const timer = setTimeout(() => reject(new Error(`socket still connected after ${ms} ms`)), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
