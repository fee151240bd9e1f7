import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, CommandAck, ConnectRefusal } from '@linkup/contract';
import { buildTestApp, type TestApp } from './helpers/app';
import { bearer, buildMatch, buildUser, signIn } from './helpers/factories';
import { listen, liveTestApp, openSocket, until, type ClientSocket } from './helpers/sockets';
import type { UserRow } from '../src/db/schema';
import { needsEnv } from './helpers/requires';

const LIMIT = 4;
const sendOver = (socket: ClientSocket, roomId: string, i: number): Promise<CommandAck<ChatMessage>> =>
  socket.timeout(3000).emitWithAck('message.send', { chat_room_id: roomId, message: `socket ${i}`, type: 'text' } as never);

/** Opens the room of two matched members (their messages are no requests); answers its id. */
async function roomOf(t: TestApp, token: string, me: UserRow, other: UserRow): Promise<string> {
  await buildMatch(t.database.db, me, other);
  const res = await t.app.inject({ method: 'POST', url: '/api/chat/rooms', headers: bearer(token), payload: { user_id: other.id } });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as string;
}

/**
 * Issue #12 item 4: every per-member limit is keyed by the member id of the verified session, so
 * a second session (or the same token padded with spaces) gets no fresh allowance.
 */
describe('per-member limits count the member, not the session', () => {
  let t: TestApp;
  let origin: string;
  const sockets: ClientSocket[] = [];
  beforeAll(async () => {
    t = await buildTestApp({ CHAT_MESSAGES_PER_MINUTE: String(LIMIT) });
    origin = await listen(t.app);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await t.close();
  });

  it('two sessions of one member, and a token with trailing spaces, share one HTTP allowance', async () => {
    const [me, other] = [await buildUser(t.database.db), await buildUser(t.database.db)];
    const [first, second] = [await signIn(t.app, me), await signIn(t.app, me)];
    const roomId = await roomOf(t, first, me, other);
    const send = (authorization: string, i: number) =>
      t.app.inject({ method: 'POST', url: '/api/chat/messages', headers: { authorization }, payload: { chat_room_id: roomId, message: `http ${i}`, type: 'text' } });
    const headers = [`Bearer ${first}`, `Bearer ${second}`, `Bearer ${first}\u00a0\u00a0`, `Bearer ${second} `];
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) statuses.push((await send(headers[i % headers.length]!, i)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
    // Another member is not affected.
    const stranger = await signIn(t.app, other);
    expect((await send(`Bearer ${stranger}`, 99)).statusCode).toBe(201);
  });

  it('two sessions of one member share one allowance over their sockets', async () => {
    const [me, other] = [await buildUser(t.database.db), await buildUser(t.database.db)];
    const [first, second] = [await signIn(t.app, me), await signIn(t.app, me)];
    const roomId = await roomOf(t, first, me, other);
    const [a, b] = [await openSocket(origin, first), await openSocket(origin, second)];
    sockets.push(a, b);
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) statuses.push((await sendOver(i % 2 ? b : a, roomId, i)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
  });
});

const CAP = 3;
/** Opens a socket, or answers the server's refusal (the connect error's message). */
/** The socket, or the code of the refusal (the handshake error's `data`). */
const tryOpen = (origin: string, token: string): Promise<ClientSocket | string> =>
  openSocket(origin, token).catch((err: Error & { data?: ConnectRefusal }) => err.data?.code ?? err.message);

/** Issue #12 item 12: a member holds at most SOCKETS_PER_MEMBER sockets open, whatever their sessions. */
describe('a cap on the sockets one member holds open', () => {
  const live = liveTestApp({ SOCKETS_PER_MEMBER: String(CAP) });

  it('refuses one more socket than the cap, across sessions, and takes one again once one closes', async () => {
    const { t, origin } = live;
    const me = await buildUser(t.database.db);
    const [first, second] = [await signIn(t.app, me), await signIn(t.app, me)];
    const open: ClientSocket[] = [];
    for (const token of [first, second, first]) open.push(await live.openSocket(token));
    expect(await tryOpen(origin, second)).toBe('socket_limit');
    // Another member is not affected.
    await live.openSocket(await signIn(t.app, await buildUser(t.database.db)));

    // Once the server has seen one close, there is room for one more.
    open[0]!.close();
    let again: ClientSocket | string = '';
    await until(async () => typeof (again = await tryOpen(origin, first)) !== 'string');
    (again as unknown as ClientSocket).close();
  });

  it('sockets opened all at once: never more than the cap stay open', async () => {
    const { t, origin } = live;
    const token = await signIn(t.app, await buildUser(t.database.db));
    const burst = await Promise.all(Array.from({ length: 8 }, () => tryOpen(origin, token)));
    const opened = burst.filter((s): s is ClientSocket => typeof s !== 'string');
    // Each counts again once joined and those over the cap close: the count settles at or below it.
    await until(() => opened.filter((s) => s.connected).length <= CAP);
    expect(opened.filter((s) => s.connected).length).toBeGreaterThan(0);
    opened.forEach((s) => s.close());
  });
});

describe('per-member limits across two app instances sharing Redis (in one Node process)', needsEnv('REDIS_URL'), () => {
  let a: TestApp;
  let b: TestApp;
  const origins: string[] = [];
  const sockets: ClientSocket[] = [];
  beforeAll(async () => {
    const env = { REDIS_URL: process.env.REDIS_URL!, CHAT_MESSAGES_PER_MINUTE: String(LIMIT), SOCKETS_PER_MEMBER: String(CAP) };
    a = await buildTestApp(env);
    b = await buildTestApp(env, { database: a.database });
    origins.push(await listen(a.app), await listen(b.app));
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await b?.close();
    await a?.close();
  });

  it('a member’s sockets on two processes share one message.send allowance', async () => {
    const [me, other] = [await buildUser(a.database.db), await buildUser(a.database.db)];
    const [first, second] = [await signIn(a.app, me), await signIn(b.app, me)];
    const roomId = await roomOf(a, first, me, other);
    const onA = await openSocket(origins[0]!, first);
    const onB = await openSocket(origins[1]!, second);
    sockets.push(onA, onB);
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) statuses.push((await sendOver(i % 2 ? onB : onA, roomId, i)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
  });

  it('a member’s HTTP sends on two processes share one allowance', async () => {
    const [me, other] = [await buildUser(a.database.db), await buildUser(a.database.db)];
    const [first, second] = [await signIn(a.app, me), await signIn(b.app, me)];
    const roomId = await roomOf(a, first, me, other);
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) {
      const [app, token] = i % 2 ? [b, second] : [a, first];
      const res = await app.app.inject({ method: 'POST', url: '/api/chat/messages', headers: bearer(token), payload: { chat_room_id: roomId, message: `http ${i}`, type: 'text' } });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
  });

  it('a member’s sockets on two processes count against one cap, also when opened all at once', async () => {
    const me = await buildUser(a.database.db);
    const token = await signIn(a.app, me);
    for (const origin of [origins[0]!, origins[1]!, origins[0]!]) sockets.push(await openSocket(origin, token));
    expect(await tryOpen(origins[1]!, token)).toBe('socket_limit');

    const burster = await signIn(a.app, await buildUser(a.database.db));
    const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => tryOpen(origins[i % 2]!, burster)));
    const opened = burst.filter((s): s is ClientSocket => typeof s !== 'string');
    sockets.push(...opened);
    await until(() => opened.filter((s) => s.connected).length <= CAP);
  });
});
