import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@linkup/contract';

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
