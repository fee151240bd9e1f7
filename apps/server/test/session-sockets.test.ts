import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomChannel, type NewMessagePayload, type SubscribeAck, type TypingPayload } from '@linkup/contract';
import { FACTORY_PASSWORD, api as appApi, buildMatch, signIn } from './helpers/factories';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { allOf, needsEnv, onlyOn } from './helpers/requires';
import { latestLink } from './helpers/outbox';
import { REMOTE_PASSWORD, api, matchOverApi, registerOnboarded } from './helpers/remote';
import { SERVER_START_MS, startServerProcess, type ServerProcess } from './helpers/server-process';
import { closedByServer, drained, liveTestApp, openSocket, record, until, type ClientSocket } from './helpers/sockets';

const NEW_PASSWORD = 'quiet-harbour-73';

/**
 * Issue #12 item 1: every way a session ends — logout, password change, "log out other devices",
 * password reset, expiry, account deletion — closes that session's sockets at once; other
 * sessions keep theirs; `subscribe` and `typing` re-check the session as `message.send` does.
 */
describe('an ended session ends its sockets', () => {
  const live = liveTestApp();
  const call = appApi(() => live.t.app);

  /** A member with `extra` more sessions than the one liveTestApp opens, each with a socket. */
  const memberWithSessions = async (name: string, extra: number) => {
    const first = await live.member(name);
    const sessions = [{ token: first.token, socket: first.socket }];
    for (let i = 0; i < extra; i++) {
      const token = await signIn(live.t.app, first.user);
      sessions.push({ token, socket: await live.openSocket(token) });
    }
    return { user: first.user, sessions };
  };

  it('logout closes that session’s sockets, and only those; nothing reaches them afterwards', async () => {
    const { user, sessions: [phone, laptop] } = await memberWithSessions('Lulu Logout', 1);
    const friend = await live.member('Friend Of Lulu');
    const phoneSeen = record<NewMessagePayload>(phone!.socket, 'NewMessage');
    const laptopSeen = record<NewMessagePayload>(laptop!.socket, 'NewMessage');

    expect((await call(phone!.token, 'POST', '/auth/logout')).statusCode).toBe(200);
    await closedByServer(phone!.socket);
    expect((await call(phone!.token, 'GET', '/auth/user')).statusCode).toBe(401);

    // A room created afterwards (of a matched pair: a conversation): its messages reach the live session only.
    await buildMatch(live.t.database.db, friend.user, user);
    const room = (await call(friend.token, 'POST', '/chat/rooms', { user_id: user.id })).json().data;
    expect((await call(friend.token, 'POST', '/chat/messages', { chat_room_id: room.id, message: 'after logout' })).statusCode).toBe(201);
    await until(() => laptopSeen.length === 1);
    expect(laptop!.socket.connected).toBe(true);
    expect(phoneSeen).toEqual([]);
  });

  it('a password change closes every other session’s sockets and keeps the one that asked', async () => {
    const { sessions: [asking, other1, other2] } = await memberWithSessions('Pat Password', 2);
    const res = await call(asking!.token, 'PUT', '/account/password', { current_password: FACTORY_PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    await Promise.all([closedByServer(other1!.socket), closedByServer(other2!.socket)]);
    await drained(live.t.app, asking!.socket);
    expect(asking!.socket.connected).toBe(true);
  });

  it('"log out other devices" closes every other session’s sockets and keeps the one that asked', async () => {
    const { sessions: [asking, other] } = await memberWithSessions('Olu Others', 1);
    const second = await live.openSocket(other!.token);
    expect((await call(asking!.token, 'POST', '/account/logout-others')).statusCode).toBe(200);
    await Promise.all([closedByServer(other!.socket), closedByServer(second)]);
    await drained(live.t.app, asking!.socket);
    expect(asking!.socket.connected).toBe(true);
  });

  it('a password reset closes every socket of the member', async () => {
    const { user, sessions: [a, b] } = await memberWithSessions('Rea Reset', 1);
    expect((await live.t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } })).statusCode).toBe(200);
    const link = await latestLink(live.t.app, user.email!);
    const reset = await live.t.app.inject({
      method: 'POST', url: '/api/auth/reset-password',
      payload: { token: link.searchParams.get('token'), password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
    await Promise.all([closedByServer(a!.socket), closedByServer(b!.socket)]);
  });

  it('account deletion closes every socket of the member', async () => {
    const { sessions: [a, b] } = await memberWithSessions('Dee Delete', 1);
    expect((await call(a!.token, 'DELETE', '/account', { password: FACTORY_PASSWORD })).statusCode).toBe(200);
    await Promise.all([closedByServer(a!.socket), closedByServer(b!.socket)]);
  });

  it('a session that expires closes its sockets at its expiry', async () => {
    const member = await live.member('Eli Expiry');
    const expiresAt = new Date(Date.now() + 1200).toISOString();
    // This member's sessions end in 1.2 s (the socket opened before was told 30 days, and keeps that).
    await live.t.database.db.updateTable('sessions').set({ expires_at: expiresAt }).where('user_id', '=', member.user.id).execute();
    const socket = await live.openSocket(member.token);
    expect(socket.connected).toBe(true);
    await closedByServer(socket, 4000);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(expiresAt));
  });

  it('subscribe and typing re-check the session: a socket whose session ended is refused and closed', async () => {
    const me = await live.member('Sam Subscribe');
    const friend = await live.member('Friend Of Sam');
    const room = (await call(me.token, 'POST', '/chat/rooms', { user_id: friend.user.id })).json().data;
    const channel = roomChannel(room.id);
    expect(await friend.socket.emitWithAck('subscribe', channel)).toEqual({ ok: true });
    expect(await me.socket.emitWithAck('subscribe', channel)).toEqual({ ok: true });

    // The session ends without any process telling this one (another deployment, an operator):
    const revoke = () => live.t.database.db.updateTable('sessions').set({ revoked_at: new Date().toISOString() }).where('user_id', '=', me.user.id).execute();
    const typingSeen = record<TypingPayload>(friend.socket, 'typing');
    await revoke();
    me.socket.emit('typing', { chat_room_id: room.id });
    // The check that closed the socket is the one that would have relayed the typing.
    await closedByServer(me.socket);
    await drained(live.t.app, friend.socket);
    expect(typingSeen).toEqual([]);

    const again = await live.member('Sam Again');
    const otherRoom = (await call(again.token, 'POST', '/chat/rooms', { user_id: friend.user.id })).json().data;
    await live.t.database.db.updateTable('sessions').set({ revoked_at: new Date().toISOString() }).where('user_id', '=', again.user.id).execute();
    const ack: SubscribeAck = await again.socket.emitWithAck('subscribe', roomChannel(otherRoom.id));
    expect(ack).toEqual({ ok: false, code: 'unauthenticated', message: 'Authentication required. Please log in.' });
    await closedByServer(again.socket);
  });

  it('a block takes both members’ sockets out of their room: no messages, no typing, no subscribing again', async () => {
    const blocker = await live.member('Bea Blocker');
    const blocked = await live.member('Ben Blocked');
    const room = (await call(blocked.token, 'POST', '/chat/rooms', { user_id: blocker.user.id })).json().data;
    const channel = roomChannel(room.id);
    for (const m of [blocker, blocked]) expect(await m.socket.emitWithAck('subscribe', channel)).toEqual({ ok: true });
    expect((await call(blocker.token, 'POST', `/users/${blocked.user.id}/block`)).statusCode).toBe(201);
    const typingSeen = record<TypingPayload>(blocker.socket, 'typing');
    blocked.socket.emit('typing', { chat_room_id: room.id });
    // The server handles one socket's packets in order: the typing before this subscribe's answer.
    expect(await blocked.socket.emitWithAck('subscribe', channel)).toMatchObject({ ok: false });
    await drained(live.t.app, blocker.socket);
    expect(typingSeen).toEqual([]);
  });
});

/** The same across two server processes sharing PostgreSQL and Redis (once, on the PostgreSQL run). */
describe('an ended session ends its sockets on every process', allOf(needsEnv('TEST_DATABASE_URL', 'REDIS_URL'), onlyOn('postgres')), () => {
  let database: TestDatabase;
  let one: ServerProcess;
  let two: ServerProcess;
  const sockets: ClientSocket[] = [];
  const login = async (origin: string, email: string, password = REMOTE_PASSWORD) =>
    (await api<{ token: string }>(origin, null, 'POST', '/auth/login', { email, password })).data.token;
  const socketOn = async (origin: string, token: string) => {
    const socket = await openSocket(origin, token);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    database = await createTestDatabase({ dialect: 'postgres' });
    const env = { DATABASE_URL: database.url!, REDIS_URL: process.env.REDIS_URL!, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-sessions-')) };
    [one, two] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, SERVER_START_MS + 30_000);
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await Promise.all([one?.stop(), two?.stop()]);
    await database?.destroy();
  });

  it('logout, "log out other devices", a password change and a reset on one process close the sockets on the other', async () => {
    const member = await registerOnboarded(one.origin, 'Xena');
    const friend = await registerOnboarded(two.origin, 'Yusuf');
    await matchOverApi(one.origin, member, friend);

    // Logout through process one ends the socket of that session on process two, not another's.
    const keep = await login(one.origin, member.email);
    const [ended, kept] = [await socketOn(two.origin, member.token), await socketOn(two.origin, keep)];
    expect((await api(one.origin, member.token, 'POST', '/auth/logout')).status).toBe(200);
    await closedByServer(ended);
    const seen = record<NewMessagePayload>(kept, 'NewMessage');
    const room = await api<{ id: string }>(one.origin, friend.token, 'POST', '/chat/rooms', { user_id: member.id });
    expect((await api(one.origin, friend.token, 'POST', '/chat/messages', { chat_room_id: room.data.id, message: 'still here?' })).status).toBe(201);
    await until(() => seen.length === 1, 5000);

    // "Log out other devices" on process one.
    const other = await login(two.origin, member.email);
    const otherSocket = await socketOn(two.origin, other);
    expect((await api(one.origin, keep, 'POST', '/account/logout-others')).status).toBe(200);
    await closedByServer(otherSocket);

    // A password change on process two ends the sockets of other sessions on process one.
    const third = await login(one.origin, member.email);
    const thirdSocket = await socketOn(one.origin, third);
    const changed = await api(two.origin, keep, 'PUT', '/account/password', { current_password: REMOTE_PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(changed.status).toBe(200);
    await closedByServer(thirdSocket);
    expect(kept.connected).toBe(true);

    // A reset through process one ends every socket, also those on process two.
    expect((await api(one.origin, null, 'POST', '/auth/forgot-password', { email: member.email })).status).toBe(200);
    const outbox = await api<{ link: string | null }[]>(one.origin, null, 'GET', `/dev/outbox?to=${encodeURIComponent(member.email)}`);
    const link = new URL(outbox.data.find((m) => m.link?.includes('reset-password'))!.link!);
    const reset = await api(one.origin, null, 'POST', '/auth/reset-password', {
      token: link.searchParams.get('token'), password: 'bright-meadow-88', password_confirmation: 'bright-meadow-88',
    });
    expect(reset.status).toBe(200);
    await closedByServer(kept);
  }, SERVER_START_MS + 30_000);
});
