// Issue 33: connection-state recovery across processes loses nothing and sends nothing twice — a
// member whose connection drops and comes back on another process gets every event broadcast to
// them meanwhile, from both processes, once each and in the stream's order; and a socket whose
// session ended while it was away is sent nothing (plugins/realtime-recovery.ts).
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app';
import { api, buildMember } from './helpers/factories';
import { needsEnv } from './helpers/requires';
import { listen, until, type ClientSocket } from './helpers/sockets';
import { offsetAfter } from '../src/plugins/realtime-recovery';

/** Socket.IO's packet type for an event. */
const EVENT_PACKET = 2;

interface Sequenced {
  type: string;
  n: number;
}

describe('connection-state recovery across two processes', needsEnv('REDIS_URL'), () => {
  let a: TestApp;
  let b: TestApp;
  let originA: string;
  let originB: string;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    a = await buildTestApp({ REDIS_URL: process.env.REDIS_URL! });
    b = await buildTestApp({ REDIS_URL: process.env.REDIS_URL! }, { database: a.database });
    [originA, originB] = [await listen(a.app), await listen(b.app)];
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await b?.close();
    await a?.close();
  });

  /** A member's socket on process A that reconnects (to `originA` until told otherwise) as the web app's does. */
  async function memberOnA() {
    const { user, token } = await buildMember(a.app);
    const socket: ClientSocket = connect(originA, {
      path: '/socket.io', auth: { token }, transports: ['websocket'], reconnectionDelay: 20, reconnectionDelayMax: 50, randomizationFactor: 0,
    });
    sockets.push(socket);
    await until(() => socket.connected, 5000);
    const received: { n: number; offset: unknown }[] = [];
    (socket.on as (e: string, cb: (p: Sequenced, offset: unknown) => void) => void)('notification', (payload, offset) => {
      if (payload.type === 'test.sequence') received.push({ n: payload.n, offset });
    });
    // The next connection goes to process B (as HAProxy would send it after A's drain).
    const moveToB = () => {
      (socket.io as unknown as { uri: string }).uri = originB;
      socket.io.engine.close();
    };
    return { user, token, socket, received, moveToB };
  }

  /** Drops the socket's connection (no reconnect of its own) once A has kept its state for a recovery. */
  async function dropOnA(socket: ClientSocket) {
    const dropped = new Promise((resolve) => socket.once('disconnect', resolve));
    socket.io.engine.close();
    await dropped;
    const pid = (socket as unknown as { _pid: string })._pid;
    const { redis, config } = a.app.deps;
    await until(async () => (await redis!.exists(`${config.redisKeyPrefix}io:session:${pid}`)) === 1, 5000);
  }

  /** Events to the member from A and B in turn, every millisecond, until stopped. */
  function pump(userId: string) {
    let n = 0;
    const timer = setInterval(() => {
      n += 1;
      (n % 2 === 0 ? a : b).app.realtime.toMember(userId, 'notification', { type: 'test.sequence', n } as never);
    }, 1);
    return { stop: () => clearInterval(timer), sent: () => n };
  }

  it('a member who comes back on the other process gets every event of both processes once, in stream order', async () => {
    const member = await memberOnA();
    const events = pump(member.user.id);
    try {
      // Both processes' stream readers are running once events of both arrive; the client has an offset.
      await until(() => member.received.some((e) => e.n % 2 === 0) && member.received.some((e) => e.n % 2 === 1), 10_000);
      member.moveToB();
      await until(() => member.socket.connected && member.socket.recovered, 10_000);
      const atReconnect = member.received.length;
      await until(() => member.received.length > atReconnect + 50, 10_000);
    } finally {
      events.stop();
    }
    const sent = events.sent();
    await until(() => new Set(member.received.map((e) => e.n)).size === sent, 10_000).catch(() => {
      const got = new Set(member.received.map((e) => e.n));
      const missing = Array.from({ length: sent }, (_, i) => i + 1).filter((n) => !got.has(n));
      throw new Error(`${missing.length} of ${sent} events never arrived: ${missing.slice(0, 20).join(', ')}`);
    });
    expect(member.received.length).toBe(sent);
    // Every event carries its stream offset, and they come in the stream's order.
    const outOfOrder = member.received.filter((e, i) => i > 0 && !offsetAfter(String(e.offset), String(member.received[i - 1]!.offset)));
    expect(outOfOrder.map((e) => `${e.n}@${String(e.offset)} after ${JSON.stringify(member.received[member.received.indexOf(e) - 1])}`)).toEqual([]);
  });

  it('a new connection gets a resume point, so one that drops before any other event still resumes', async () => {
    const member = await memberOnA();
    // The resume point may have come before the listener: it shows as the client's offset.
    await until(() => typeof (member.socket as unknown as { _lastOffset?: unknown })._lastOffset === 'string', 5000);
    member.socket.io.reconnection(false);
    await dropOnA(member.socket);
    a.app.realtime.toMember(member.user.id, 'notification', { type: 'test.sequence', n: 1 } as never);
    (member.socket.io as unknown as { uri: string }).uri = originB;
    member.socket.connect();
    await until(() => member.socket.connected, 5000);
    expect(member.socket.recovered).toBe(true);
    await until(() => member.received.length === 1, 5000);
    expect(member.received[0]!.n).toBe(1);
  });

  it('a socket whose session ended while it was away is refused and sent none of what it missed', async () => {
    const member = await memberOnA();
    member.socket.io.reconnection(false);
    await until(() => {
      if (member.received.length === 0) a.app.realtime.toMember(member.user.id, 'notification', { type: 'test.sequence', n: 1 } as never);
      return member.received.length > 0;
    }, 10_000);
    await dropOnA(member.socket);
    // Signed out elsewhere while away; then events it would have missed.
    const out = await api(a.app)(member, 'POST', '/auth/logout');
    expect(out.statusCode).toBe(200);
    a.app.realtime.toMember(member.user.id, 'notification', { type: 'test.sequence', n: 2 } as never);
    b.app.realtime.toMember(member.user.id, 'notification', { type: 'test.sequence', n: 3 } as never);
    // The same session's recovery, on B: refused, and nothing sent before the refusal.
    (member.socket.io as unknown as { uri: string }).uri = originB;
    // Every event packet that reaches the client, even one it would hold back until connected.
    const packets: unknown[] = [];
    member.socket.io.on('packet', (packet: { type: number; data?: unknown }) => {
      if (packet.type === EVENT_PACKET) packets.push(packet.data);
    });
    const refused = new Promise<{ data?: { code?: string } }>((resolve) => member.socket.once('connect_error', resolve));
    member.socket.connect();
    expect((await refused).data?.code).toBe('unauthenticated');
    expect(packets).toEqual([]);
    expect(member.received.map((e) => e.n)).toEqual([1]);
  });
});
