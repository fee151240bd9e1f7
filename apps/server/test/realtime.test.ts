import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationPayload, ServerToClientEvents } from '@linkup/contract';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildUser, signIn } from './helpers/factories';
import { drained, listen, openSocket as open, record, until, type ClientSocket } from './helpers/sockets';
import { SUBSCRIBES_PER_MINUTE, TYPING_INTERVAL_MS } from '../src/plugins/realtime';
import { needsEnv } from './helpers/requires';

const nextEvent = <T>(socket: ClientSocket, event: keyof ServerToClientEvents, ms = 3000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    (socket.once as (e: string, cb: (p: T) => void) => void)(event, (payload) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

describe('real-time: handshake, own channel, channel checks', () => {
  let t: TestApp;
  let origin: string;
  let checks = 0;
  const sockets: ClientSocket[] = [];
  beforeAll(async () => {
    t = await buildTestApp();
    t.app.realtime.authorizeChannels('chat.room.', async (_userId, channel) => {
      checks += 1;
      return channel === 'chat.room.allowed';
    });
    origin = await listen(t.app);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await t.close();
  });

  it('refuses a handshake without a valid token, with the code in the error\'s data', async () => {
    await expect(open(origin, 'not-a-real-token-at-all-xxxxxxxx')).rejects.toMatchObject({
      message: 'Authentication required. Please log in.', data: { status: 401, code: 'unauthenticated' },
    });
  });

  it('delivers a member’s events only to that member', async () => {
    const [alice, bob] = [await buildUser(t.database.db), await buildUser(t.database.db)];
    const a = await open(origin, await signIn(t.app, alice));
    const b = await open(origin, await signIn(t.app, bob));
    sockets.push(a, b);
    const toBob = record<NotificationPayload>(b, 'notification');
    const received = nextEvent<NotificationPayload>(a, 'notification');
    t.app.realtime.toMember(alice.id, 'notification', { type: 'like', sender_id: bob.id });
    expect(await received).toEqual({ type: 'like', sender_id: bob.id });
    await drained(t.app, b);
    expect(toBob).toEqual([]);
  });

  it('accepts the messages channel and checks room channels', async () => {
    const socket = await open(origin, await signIn(t.app, await buildUser(t.database.db)));
    sockets.push(socket);
    expect(await socket.emitWithAck('subscribe', 'messages')).toEqual({ ok: true });
    expect(await socket.emitWithAck('subscribe', 'chat.room.allowed')).toEqual({ ok: true });
    expect(await socket.emitWithAck('subscribe', 'chat.room.someone-elses')).toEqual({ ok: false, code: 'channel_not_found', message: 'Resource not found.' });
    expect(await socket.emitWithAck('subscribe', 'anything-else')).toEqual({ ok: false, code: 'channel_not_found', message: 'Resource not found.' });
    expect(await socket.emitWithAck('subscribe', 42 as unknown as string)).toEqual({ ok: false, code: 'channel_not_found', message: 'Resource not found.' });
  });

  it('checks a channel\'s id as an id before asking its authoriser (issue #27 item 14)', async () => {
    const socket = await open(origin, await signIn(t.app, await buildUser(t.database.db)));
    sockets.push(socket);
    const before = checks;
    for (const channel of ['chat.room.\u0000', 'chat.room.a\u0000b', 'chat.room.\u202Eallowed', 'chat.room.a b', 'chat.room.a/b', `chat.room.${'x'.repeat(65)}`, 'chat.room.', 'chat.room.😀']) {
      expect(await socket.emitWithAck('subscribe', channel), JSON.stringify(channel)).toEqual({ ok: false, code: 'channel_not_found', message: 'Resource not found.' });
    }
    for (const channel of [null, { toString: () => 'chat.room.allowed' }, ['chat.room.allowed']]) {
      expect(await socket.emitWithAck('subscribe', channel as unknown as string)).toEqual({ ok: false, code: 'channel_not_found', message: 'Resource not found.' });
    }
    expect(checks).toBe(before);
  });

  it('answers a database error while checking a channel with its status, never "Server error"', async () => {
    t.app.realtime.authorizeChannels('probe.db.', async () => {
      throw Object.assign(new Error('invalid byte sequence'), { code: '22021' });
    });
    const socket = await open(origin, await signIn(t.app, await buildUser(t.database.db)));
    sockets.push(socket);
    expect(await socket.emitWithAck('subscribe', 'probe.db.abc')).toEqual({ ok: false, code: 'validation_failed', message: 'Validation failed. Please check your input.' });
  });

  it('unsubscribes only from channels a subscribe could join: never the member\'s or the session\'s own room', async () => {
    const member = await buildUser(t.database.db);
    const token = await signIn(t.app, member);
    const socket = await open(origin, token);
    sockets.push(socket);
    const session = await t.database.db.selectFrom('sessions').select('id').where('user_id', '=', member.id).executeTakeFirstOrThrow();
    for (const channel of [`member:${member.id}`, `session:${session.id}`, socket.id!, 'messages', 'chat.room.\u0000', 42]) {
      expect(await socket.emitWithAck('unsubscribe', channel as string)).toEqual({ ok: true });
    }
    const seen = record<NotificationPayload>(socket, 'notification');
    t.app.realtime.toMember(member.id, 'notification', { type: 'match' });
    await until(() => seen.length === 1);
    // Ending the session still closes the socket.
    const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    t.app.realtime.endSession(session.id);
    await closed;
  });

  it('checks at most SUBSCRIBES_PER_MINUTE channels a minute for a member, then answers 429 without a check', async () => {
    const member = await buildUser(t.database.db);
    const [s1, s2] = [await open(origin, await signIn(t.app, member)), await open(origin, await signIn(t.app, member))];
    sockets.push(s1, s2);
    const before = checks;
    for (let i = 0; i < SUBSCRIBES_PER_MINUTE; i++) await (i % 2 ? s1 : s2).emitWithAck('subscribe', `chat.room.probe-${i}`);
    expect(checks - before).toBe(SUBSCRIBES_PER_MINUTE);
    // Per member, whichever socket asks.
    expect(await s1.emitWithAck('subscribe', 'chat.room.allowed')).toEqual({ ok: false, code: 'subscribe_limit', message: 'Too many requests. Please try again later.' });
    expect(await s2.emitWithAck('subscribe', 'chat.room.allowed')).toEqual({ ok: false, code: 'subscribe_limit', message: 'Too many requests. Please try again later.' });
    expect(checks - before).toBe(SUBSCRIBES_PER_MINUTE);
    expect(await s1.emitWithAck('subscribe', 'messages')).toEqual({ ok: true });
  });

  /** Three members, all signed in; the first two have joined chat.room.allowed. */
  const typists = async () => {
    const [u1, u2, u3] = [await buildUser(t.database.db, { name: 'Lerato' }), await buildUser(t.database.db), await buildUser(t.database.db)];
    const [s1, s2, s3] = [await open(origin, await signIn(t.app, u1)), await open(origin, await signIn(t.app, u2)), await open(origin, await signIn(t.app, u3))];
    sockets.push(s1, s2, s3);
    await s1.emitWithAck('subscribe', 'chat.room.allowed');
    await s2.emitWithAck('subscribe', 'chat.room.allowed');
    const seen = [s1, s2, s3].map((s) => record<{ user_id: string; name: string; chat_room_id: string }>(s, 'typing'));
    return { u1, s1, s2, s3, seen };
  };
  /** An acked round trip: the server has handled every packet the socket sent before it. */
  const handled = (socket: ClientSocket) => socket.emitWithAck('unsubscribe', 'chat.room.nothing');

  it('relays typing only to the other members of a joined room', async () => {
    const { u1, s1, s3, seen } = await typists();
    s1.emit('typing', { chat_room_id: 'allowed' });
    await until(() => seen[1]!.length === 1);
    expect(seen[1]![0]).toMatchObject({ channel: 'chat.room.allowed', chat_room_id: 'allowed', user_id: u1.id, name: 'Lerato' });
    // Not back to the one typing, nor to a member outside the room.
    await Promise.all([drained(t.app, s1), drained(t.app, s3)]);
    expect([seen[0]!.length, seen[2]!.length]).toEqual([0, 0]);
  });

  it('relays nothing from a member typing in a room they have not joined', async () => {
    const { s2, s3, seen } = await typists();
    s3.emit('typing', { chat_room_id: 'allowed' });
    await handled(s3);
    await drained(t.app, s2);
    expect(seen[1]).toEqual([]);
  });

  it('relays at most one typing event per TYPING_INTERVAL_MS from a socket', async () => {
    const { s1, s2, seen } = await typists();
    for (let i = 0; i < 5; i++) s1.emit('typing', { chat_room_id: 'allowed' });
    // The relayed one goes out after the session check (a database read), so wait for it; the
    // throttle drops the other four before any check, so none can still be on its way once the
    // first has arrived and a marker sent after it has too.
    await until(() => seen[1]!.length >= 1);
    await drained(t.app, s2);
    expect(seen[1]).toHaveLength(1);
    // The throttle is a time window: once it has passed, the next key press is relayed again.
    // eslint-disable-next-line no-restricted-syntax -- time is what is tested: the throttle's window must pass (the socket server reads real time)
    await new Promise((r) => setTimeout(r, TYPING_INTERVAL_MS + 50));
    s1.emit('typing', { chat_room_id: 'allowed' });
    await until(() => seen[1]!.length === 2);
  });
});

describe('real-time: connection attempts per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SOCKET_CONNECTS_PER_MINUTE: '3' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses attempts past SOCKET_CONNECTS_PER_MINUTE from one address with 429, signed in or not', async () => {
    const origin = await listen(t.app);
    const token = await signIn(t.app, await buildUser(t.database.db));
    const first = await open(origin, token);
    await expect(open(origin, 'not-a-real-token-at-all-xxxxxxxx')).rejects.toThrow('Authentication required. Please log in.');
    const third = await open(origin, token);
    await expect(open(origin, token)).rejects.toMatchObject({ data: { status: 429, code: 'socket_connect_limit' } });
    // Those already connected stay connected.
    expect([first.connected, third.connected]).toEqual([true, true]);
    first.close();
    third.close();
  });
});

// Two app instances in this Node process (each on its own database), joined only by the Redis
// adapter: fast, and enough for the adapter's wiring. Real server processes: processes.test.ts.
describe('real-time between two app instances through Redis', needsEnv('REDIS_URL'), () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await buildTestApp({ REDIS_URL: process.env.REDIS_URL! });
    b = await buildTestApp({ REDIS_URL: process.env.REDIS_URL! });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('an event emitted on one instance reaches a member connected to the other', async () => {
    const member = await buildUser(b.database.db);
    const socket = await open(await listen(b.app), await signIn(b.app, member));
    await listen(a.app);
    try {
      // The Streams adapter reads the stream from the newest entry once its first read starts, so
      // an event published before b's reader is running is not b's to deliver: publish until b
      // has read one (the reader's start is not observable from outside).
      const received: NotificationPayload[] = [];
      socket.on('notification', (payload: NotificationPayload) => received.push(payload));
      await until(() => {
        if (received.length === 0) a.app.realtime.toMember(member.id, 'notification', { type: 'match' });
        return received.length > 0;
      }, 10_000);
      expect(received[0]).toEqual({ type: 'match' });
    } finally {
      socket.close();
    }
  });

  it('health reports Redis up', async () => {
    const res = await a.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json().data.checks.redis.status).toBe('up');
  });
});
