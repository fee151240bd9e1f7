import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ChatMessageSchema, ChatRoomSchema, USER_SEARCH_MESSAGES, type ChatMessage } from '@linkup/contract';
import { buildTestApp, type TestApp } from './helpers/app';
import { createTestDatabase } from './helpers/database';
import { type Member, api, bearer, buildMatch, buildMember, buildRoom, buildUser, signIn } from './helpers/factories';
import { drained, liveTestApp, record, until } from './helpers/sockets';
import { createDatabase } from '../src/db/database';
import { ChatRepository } from '../src/modules/chat/chat.repository';
import { CLIENT_ID_TAKEN } from '../src/modules/chat/chat.service';
import { newId } from '../src/lib/ids';
import { nowIso } from '../src/lib/time';
import { onlyOn } from './helpers/requires';
import { systemClock } from '../src/lib/clock';

describe('chat API', () => {
  let t: TestApp;
  let alice: Member;
  let bob: Member;
  let carol: Member;
  const call = api(() => t.app);
  const send = async (from: Member, roomId: string, message: string, clientId?: string) =>
    call(from, 'POST', '/chat/messages', { chat_room_id: roomId, message, type: 'text', ...(clientId ? { client_id: clientId } : {}) });

  beforeAll(async () => {
    t = await buildTestApp();
  });
  // New members for every test: no test sees rooms or messages another left behind.
  beforeEach(async () => {
    alice = await buildMember(t.app, { name: 'Alice Zulu' });
    bob = await buildMember(t.app, { name: 'Bob Khumalo' });
    carol = await buildMember(t.app, { name: 'Carol van Wyk' });
  });
  afterAll(async () => t.close());

  it('requires authentication on every endpoint', async () => {
    for (const [method, url] of [['GET', '/chat/rooms'], ['GET', '/chat/rooms/x'], ['POST', '/chat/rooms'], ['GET', '/chat/rooms/x/messages'],
      ['POST', '/chat/messages'], ['PUT', '/chat/messages/x'], ['DELETE', '/chat/messages/x'], ['POST', '/chat/rooms/x/read'],
      ['GET', '/chat/users/search?search=ab'], ['DELETE', '/chat/rooms/x/leave']] as const) {
      expect((await call(null, method, url, method === 'GET' || method === 'DELETE' ? undefined : {})).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('opens one room per pair: 201 the first time, the same room after, from either side', async () => {
    const first = await call(alice, 'POST', '/chat/rooms', { user_id: bob.user.id, name: 'Chat with Bob Khumalo' });
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBe('Chat started successfully');
    const room = ChatRoomSchema.parse(first.json().data);
    expect(room).toMatchObject({ name: 'Chat with Bob Khumalo', unread_count: 0, latest_message: null });
    const again = await call(alice, 'POST', '/chat/rooms', { user_id: bob.user.id, name: 'Chat with Bob Khumalo' });
    expect([again.statusCode, again.json().data.id]).toEqual([200, room.id]);
    const fromBob = await call(bob, 'POST', '/chat/rooms', { user_id: alice.user.id });
    expect(fromBob.json().data).toMatchObject({ id: room.id, name: 'Chat with Alice Zulu' });
  });

  it('creates one room when both members open it at the same moment', async () => {
    const [d, e] = [await buildMember(t.app, { name: 'Dumi' }), await buildMember(t.app, { name: 'Esi' })];
    const [x, y] = await Promise.all([call(d, 'POST', '/chat/rooms', { user_id: e.user.id }), call(e, 'POST', '/chat/rooms', { user_id: d.user.id })]);
    expect(x.json().data.id).toBe(y.json().data.id);
  });

  it('refuses a chat with oneself or an unknown member (404), and bad input (422)', async () => {
    expect((await call(alice, 'POST', '/chat/rooms', { user_id: alice.user.id })).statusCode).toBe(404);
    expect((await call(alice, 'POST', '/chat/rooms', { user_id: 'no-such-member' })).statusCode).toBe(404);
    expect((await call(alice, 'POST', '/chat/rooms', {})).statusCode).toBe(422);
  });

  it('keeps rooms and messages to their members: everyone else gets 404', async () => {
    const roomId = await buildRoom(t.app, alice, bob);
    const sent = (await send(alice, roomId, 'Hi Bob')).json().data as ChatMessage;
    for (const [method, url, payload] of [
      ['GET', `/chat/rooms/${roomId}`, undefined], ['GET', `/chat/rooms/${roomId}/messages`, undefined],
      ['POST', '/chat/messages', { chat_room_id: roomId, message: 'intruding' }], ['POST', `/chat/rooms/${roomId}/read`, {}],
      ['DELETE', `/chat/rooms/${roomId}/leave`, undefined], ['PUT', `/chat/messages/${sent.id}`, { message: 'x' }], ['DELETE', `/chat/messages/${sent.id}`, undefined],
    ] as const) {
      const res = await call(carol, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(carol, 'GET', '/chat/rooms')).json().data.items.map((r: { id: string }) => r.id)).not.toContain(roomId);
  });

  it('sends, lists newest first with pagination, and shows the latest message and unread count', async () => {
    const [x, y] = [await buildMember(t.app, { name: 'Xolani' }), await buildMember(t.app, { name: 'Yara' })];
    const roomId = await buildRoom(t.app, x, y);
    for (let i = 1; i <= 5; i++) expect((await send(x, roomId, `message ${i}`)).statusCode).toBe(201);
    const page1 = (await call(y, 'GET', `/chat/rooms/${roomId}/messages?per_page=2`)).json().data;
    expect(page1.items.map((m: ChatMessage) => m.message)).toEqual(['message 5', 'message 4']);
    expect(page1.pagination).toEqual({ current_page: 1, last_page: 3, per_page: 2, total: 5 });
    const page3 = (await call(y, 'GET', `/chat/rooms/${roomId}/messages?per_page=2&page=3`)).json().data;
    expect(page3.items.map((m: ChatMessage) => m.message)).toEqual(['message 1']);
    expect((await call(y, 'GET', `/chat/rooms/${roomId}/messages`)).json().data.pagination.per_page).toBe(50);

    const rooms = (await call(y, 'GET', '/chat/rooms')).json().data;
    expect(rooms.pagination.per_page).toBe(15);
    const room = rooms.items.find((r: { id: string }) => r.id === roomId);
    expect(room).toMatchObject({ unread_count: 5, latest_message: { message: 'message 5', user_id: x.user.id } });
    expect((await call(x, 'GET', `/chat/rooms/${roomId}`)).json().data.unread_count).toBe(0);

    expect((await call(y, 'POST', `/chat/rooms/${roomId}/read`, {})).statusCode).toBe(200);
    expect((await call(y, 'GET', `/chat/rooms/${roomId}`)).json().data.unread_count).toBe(0);
    await send(x, roomId, 'one more');
    expect((await call(y, 'GET', `/chat/rooms/${roomId}`)).json().data.unread_count).toBe(1);
  });

  it('orders rooms by last activity', async () => {
    const [p, q, r] = [await buildMember(t.app, { name: 'Pule' }), await buildMember(t.app, { name: 'Queen' }), await buildMember(t.app, { name: 'Rami' })];
    const pq = await buildRoom(t.app, p, q);
    const pr = await buildRoom(t.app, p, r);
    // Message times are strictly ordered within a process (orderedNowIso), so no pause is needed.
    await send(p, pr, 'first');
    await send(p, pq, 'later');
    expect((await call(p, 'GET', '/chat/rooms')).json().data.items.map((x: { id: string }) => x.id)).toEqual([pq, pr]);
  });

  it.each([
    [{ message: '' }, 'message'], [{ message: '   \n\t ' }, 'message'], [{ message: 'x'.repeat(2001) }, 'message'],
    [{ chat_room_id: '' }, 'chat_room_id'], [{ type: 'image' }, 'type'], [{ client_id: 'no spaces allowed' }, 'client_id'],
  ])('refuses %j with 422', async (override, field) => {
    const roomId = await buildRoom(t.app, alice, bob);
    const res = await call(alice, 'POST', '/chat/messages', { chat_room_id: roomId, message: 'ok', type: 'text', ...override });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toBeDefined();
  });

  it('says "Room ID is required to send a message" without a room', async () => {
    const res = await call(alice, 'POST', '/chat/messages', { message: 'hello' });
    expect(res.json().errors.chat_room_id).toEqual(['Room ID is required to send a message']);
  });

  it('stores a retried send once and answers with the same message', async () => {
    const roomId = await buildRoom(t.app, alice, bob);
    const clientId = `c-${Date.now()}-retry`;
    const [a, b, c] = await Promise.all([send(alice, roomId, 'only once', clientId), send(alice, roomId, 'only once', clientId), send(alice, roomId, 'only once', clientId)]);
    const ids = [a, b, c].map((r) => r.json().data.id);
    expect(new Set(ids).size).toBe(1);
    expect([a, b, c].map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    const all = (await call(bob, 'GET', `/chat/rooms/${roomId}/messages?per_page=100`)).json().data.items as ChatMessage[];
    expect(all.filter((m) => m.message === 'only once')).toHaveLength(1);
    expect(ChatMessageSchema.parse(a.json().data).client_id).toBe(clientId);
  });

  it('refuses a client id already used for a message in another room (409) and stores nothing', async () => {
    const [roomAB, roomAC] = [await buildRoom(t.app, alice, bob), await buildRoom(t.app, alice, carol)];
    const clientId = `c-${Date.now()}-elsewhere`;
    expect((await send(alice, roomAB, 'first', clientId)).statusCode).toBe(201);
    const res = await send(alice, roomAC, 'second', clientId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CLIENT_ID_TAKEN);
    const all = (await call(carol, 'GET', `/chat/rooms/${roomAC}/messages?per_page=100`)).json().data.items as ChatMessage[];
    expect(all.some((m) => m.message === 'second')).toBe(false);
  });

  it('acknowledges every one of many concurrent sends once, each stored once', async () => {
    const roomId = await buildRoom(t.app, carol, bob);
    const sends = await Promise.all(Array.from({ length: 40 }, (_, i) => send(carol, roomId, `burst ${i}`, `c-${Date.now()}-burst-${i}`)));
    expect(sends.map((r) => r.statusCode)).toEqual(Array(40).fill(201));
    const all = (await call(bob, 'GET', `/chat/rooms/${roomId}/messages?per_page=100`)).json().data.items as ChatMessage[];
    expect(all.filter((m) => m.message.startsWith('burst ')).map((m) => m.id).sort()).toEqual(sends.map((r) => r.json().data.id).sort());
  });

  it('keeps text as text', async () => {
    const roomId = await buildRoom(t.app, alice, bob);
    const html = '<img src=x onerror=alert(1)> & <b>bold</b>';
    expect((await send(alice, roomId, html)).json().data.message).toBe(html);
  });

  it('lets only the author edit and delete', async () => {
    const roomId = await buildRoom(t.app, alice, bob);
    const message = (await send(alice, roomId, 'typo hre')).json().data as ChatMessage;
    expect((await call(bob, 'PUT', `/chat/messages/${message.id}`, { message: 'hijack' })).statusCode).toBe(404);
    expect((await call(bob, 'DELETE', `/chat/messages/${message.id}`)).statusCode).toBe(404);
    expect((await call(alice, 'PUT', `/chat/messages/${message.id}`, { message: '  ' })).statusCode).toBe(422);
    const edited = await call(alice, 'PUT', `/chat/messages/${message.id}`, { message: 'typo here' });
    expect(edited.json()).toMatchObject({ message: 'Message updated successfully', data: { message: 'typo here', is_edited: true } });
    const deleted = await call(alice, 'DELETE', `/chat/messages/${message.id}`);
    expect(deleted.json().message).toBe('Message deleted successfully');
    expect((await call(alice, 'DELETE', `/chat/messages/${message.id}`)).statusCode).toBe(404);
  });

  it('an empty room shows only in the list of who opened it; the other member sees it with its first message, as a request (issues #17 item 9, #29)', async () => {
    const [m, n] = [await buildMember(t.app, { name: 'Mpho' }), await buildMember(t.app, { name: 'Nandi' })];
    const roomId = await buildRoom(t.app, m, n, { matched: false });
    const listed = async (who: Member) => {
      const body = (await call(who, 'GET', '/chat/rooms')).json().data as { items: { id: string }[]; pagination: { total: number } };
      return { ids: body.items.map((r) => r.id), total: body.pagination.total };
    };
    expect(await listed(m)).toEqual({ ids: [roomId], total: 1 });
    expect(await listed(n)).toEqual({ ids: [], total: 0 });
    // By id it is there for both (a member opening the same chat gets it, not a second room).
    expect((await call(n, 'GET', `/chat/rooms/${roomId}`)).statusCode).toBe(200);
    expect((await call(n, 'POST', '/chat/rooms', { user_id: m.user.id })).json().data.id).toBe(roomId);
    expect((await send(m, roomId, 'hello!')).statusCode).toBe(201);
    // Not matched: a request, in her requests until she accepts it.
    expect(await listed(n)).toEqual({ ids: [], total: 0 });
    expect((await call(n, 'GET', '/chat/requests')).json().data.items.map((r: { id: string }) => r.id)).toEqual([roomId]);
    expect((await call(n, 'POST', `/chat/rooms/${roomId}/accept`)).statusCode).toBe(200);
    expect(await listed(n)).toEqual({ ids: [roomId], total: 1 });
  });

  it('leaving removes the room from my list; a new message brings it back', async () => {
    const [m, n] = [await buildMember(t.app, { name: 'Mpho' }), await buildMember(t.app, { name: 'Nandi' })];
    const roomId = await buildRoom(t.app, m, n);
    const left = await call(n, 'DELETE', `/chat/rooms/${roomId}/leave`);
    expect(left.json().message).toBe('Left chat room successfully');
    expect((await call(n, 'GET', '/chat/rooms')).json().data.items).toEqual([]);
    expect((await call(n, 'GET', `/chat/rooms/${roomId}/messages`)).statusCode).toBe(404);
    await send(m, roomId, 'are you there?');
    expect((await call(n, 'GET', '/chat/rooms')).json().data.items.map((r: { id: string }) => r.id)).toEqual([roomId]);
  });

  it('searches members by name: name, photo, age and city, never an e-mail or number, never myself (issue 32 item 11)', async () => {
    // The only member of this name in the file's database, whatever else the other tests made.
    const zintle = await buildMember(t.app, { name: 'Zintle Mthembu', email: 'zintle.mthembu@example.test' });
    const res = await call(bob, 'GET', '/chat/users/search?search=ZINTLE');
    expect(res.statusCode).toBe(200);
    const { items, pagination } = res.json().data;
    expect(items).toEqual([expect.objectContaining({ id: zintle.user.id, name: 'Zintle Mthembu', age: expect.any(Number), city: 'Cape Town', photo: null })]);
    expect(Object.keys(items[0])).not.toContain('email');
    expect(pagination.per_page).toBe(10);
    const body = JSON.stringify(res.json());
    expect(body).not.toMatch(/zi.*@|email|phone/);
    expect(body).not.toContain(zintle.user.phone_number!);
    expect((await call(zintle, 'GET', '/chat/users/search?search=zintle')).json().data.items).toEqual([]);
    expect((await call(alice, 'GET', '/chat/users/search?search=%25%25')).json().data.items).toEqual([]);
    expect((await call(alice, 'GET', '/chat/users/search?search=')).json().data.items).toEqual([]);
    expect((await call(alice, 'GET', `/chat/users/search?search=${'a'.repeat(101)}`)).statusCode).toBe(422);
  });

  it('needs at least 2 characters: one letter would list nearly everyone (issue #12 item 11)', async () => {
    await buildMember(t.app, { name: 'Qadira One' });
    const one = await call(alice, 'GET', '/chat/users/search?search=Q');
    expect(one.statusCode).toBe(422);
    expect(one.json()).toMatchObject({ code: 'validation_failed', errors: { search: [USER_SEARCH_MESSAGES.tooShort] } });
    expect((await call(alice, 'GET', '/chat/users/search?search=%20Q%20')).statusCode).toBe(422);
    expect((await call(alice, 'GET', '/chat/users/search?search=Qa')).json().data.items.map((u: { name: string }) => u.name)).toContain('Qadira One');
  });

  it('leaves out members hidden from discover, unless the two have a match or a conversation (issue #12 item 11)', async () => {
    const hidden = await buildMember(t.app, { name: 'Hlomla Hideaway' });
    expect((await call(hidden, 'PUT', '/settings', { privacy: { hide_from_discover: true } })).statusCode).toBe(200);
    const found = async (m: Member) => ((await call(m, 'GET', '/chat/users/search?search=hideaway')).json().data.items as { id: string }[]).map((u) => u.id);
    for (const m of [alice, bob, carol]) expect(await found(m)).toEqual([]);

    // A conversation: Bob and the hidden member share a room (whoever opened it).
    await buildRoom(t.app, hidden, bob, { matched: false });
    // A match: Carol and the hidden member liked each other.
    expect((await call(carol, 'POST', `/matches/${hidden.user.id}/like`)).statusCode).toBe(200);
    expect((await call(hidden, 'POST', `/matches/${carol.user.id}/like`)).json().data.match).toBeTruthy();

    expect(await found(bob)).toEqual([hidden.user.id]);
    expect(await found(carol)).toEqual([hidden.user.id]);
    expect(await found(alice)).toEqual([]);
    // Visible again: anyone finds them.
    expect((await call(hidden, 'PUT', '/settings', { privacy: { hide_from_discover: false } })).statusCode).toBe(200);
    expect(await found(alice)).toEqual([hidden.user.id]);
  });
});

describe('chat real time', () => {
  const live = liveTestApp();
  const member = live.member;
  const call = api(() => live.t.app);

  it('delivers message.sent to the room, NewMessage and MessageRead to its members only, edits and deletions to the room and its members', async () => {
    const [a, b, c] = [await member('Ama'), await member('Bongi'), await member('Chipo')];
    const roomId = await buildRoom(live.t.app, a, b);
    expect(await b.socket.emitWithAck('subscribe', `chat.room.${roomId}`)).toEqual({ ok: true });
    expect(await c.socket.emitWithAck('subscribe', `chat.room.${roomId}`)).toEqual({ ok: false, code: 'channel_not_found', message: 'Resource not found.' });

    const bRoom = record<{ message: ChatMessage }>(b.socket, 'message.sent');
    const bNew = record<{ chat_room_id: string; channel: string }>(b.socket, 'NewMessage');
    const aNew = record(a.socket, 'NewMessage');
    const cNew = record(c.socket, 'NewMessage');
    const cRoom = record(c.socket, 'message.sent');
    const sent = (await call(a.token, 'POST', '/chat/messages', { chat_room_id: roomId, message: 'Sawubona!' })).json().data;
    await until(() => bRoom.length === 1 && bNew.length === 1 && aNew.length === 1);
    expect(bRoom[0]).toEqual({ channel: `chat.room.${roomId}`, message: sent });
    expect(bNew[0]).toMatchObject({ channel: 'messages', chat_room_id: roomId });

    const aRead = record<{ user_id: string; chat_room_id: string }>(a.socket, 'MessageRead');
    await call(b.token, 'POST', `/chat/rooms/${roomId}/read`, {});
    await until(() => aRead.length === 1);
    expect(aRead[0]).toMatchObject({ channel: 'messages', chat_room_id: roomId, user_id: b.user.id });

    // Edits and deletions reach the room channel and the members' own sockets (their conversation
    // lists), each socket once: B is in the room channel, A is not; C is neither.
    const deleted = record<{ id: string }>(b.socket, 'message.deleted');
    const updated = record<{ message: ChatMessage }>(b.socket, 'message.updated');
    const aDeleted = record<{ id: string }>(a.socket, 'message.deleted');
    const aUpdated = record<{ message: ChatMessage }>(a.socket, 'message.updated');
    const cEvents = [record(c.socket, 'message.deleted'), record(c.socket, 'message.updated')];
    await call(a.token, 'PUT', `/chat/messages/${sent.id}`, { message: 'Sawubona, Bongi!' });
    await call(a.token, 'DELETE', `/chat/messages/${sent.id}`);
    await until(() => deleted.length === 1 && updated.length === 1 && aDeleted.length === 1 && aUpdated.length === 1);
    expect(updated[0]!.message).toMatchObject({ id: sent.id, is_edited: true });
    expect(deleted[0]).toEqual({ channel: `chat.room.${roomId}`, id: sent.id, chat_room_id: roomId });
    expect(aDeleted[0]).toEqual(deleted[0]);

    await Promise.all([a.socket, b.socket, c.socket].map((socket) => drained(live.t.app, socket)));
    expect([deleted.length, updated.length, aDeleted.length, aUpdated.length]).toEqual([1, 1, 1, 1]);
    expect(cNew).toEqual([]);
    expect(cRoom).toEqual([]);
    expect(cEvents.map((events) => events.length)).toEqual([0, 0]);
  });

  it('relays typing to the other member of the room', async () => {
    const [a, b] = [await member('Dineo'), await member('Eli')];
    const roomId = await buildRoom(live.t.app, a, b);
    await a.socket.emitWithAck('subscribe', `chat.room.${roomId}`);
    await b.socket.emitWithAck('subscribe', `chat.room.${roomId}`);
    const typing = record<{ user_id: string; name: string }>(b.socket, 'typing');
    a.socket.emit('typing', { chat_room_id: roomId });
    await until(() => typing.length === 1);
    expect(typing[0]).toMatchObject({ user_id: a.user.id, name: 'Dineo' });
  });

  it('a member who leaves stops receiving the room’s events and the other sees user.left', async () => {
    const [a, b] = [await member('Farai'), await member('Gugu')];
    const roomId = await buildRoom(live.t.app, a, b);
    await a.socket.emitWithAck('subscribe', `chat.room.${roomId}`);
    await b.socket.emitWithAck('subscribe', `chat.room.${roomId}`);
    const leftSeen = record<{ user_id: string }>(a.socket, 'user.left');
    await call(b.token, 'DELETE', `/chat/rooms/${roomId}/leave`);
    await until(() => leftSeen.length === 1);
    expect(leftSeen[0]).toMatchObject({ user_id: b.user.id });
    const bRoom = record(b.socket, 'message.sent');
    const aRoom = record(a.socket, 'message.sent');
    await call(a.token, 'POST', '/chat/messages', { chat_room_id: roomId, message: 'still there?' });
    await until(() => aRoom.length === 1);
    await drained(live.t.app, b.socket);
    expect(bRoom).toEqual([]);
  });
});

describe('chat message store', () => {
  it('commits concurrent messages together, answers each after the commit, and lets one that cannot be stored fail alone', async () => {
    const t = await buildTestApp();
    try {
      const [a, b] = await Promise.all([buildUser(t.database.db, { name: 'Olwethu' }), buildUser(t.database.db, { name: 'Palesa' })]);
      const repo = new ChatRepository(t.database.db, systemClock, { groupCommits: true });
      const roomId = await repo.createRoom({ pairKey: [a.id, b.id].sort().join(':'), createdBy: a.id, now: nowIso(), members: [{ userId: a.id, name: 'x' }, { userId: b.id, name: 'y' }] });
      const message = (text: string, clientId: string, room = roomId) => {
        const now = nowIso();
        return { id: newId(), room_id: room, user_id: a.id, message: text, type: 'text' as const, is_edited: false, client_id: clientId, created_at: now, updated_at: now };
      };
      const results = await Promise.allSettled([
        repo.storeMessage(message('one', 'g-1'), false),
        repo.storeMessage(message('two', 'g-2'), false),
        repo.storeMessage(message('lost', 'g-3', 'no-such-room'), false),
        repo.storeMessage(message('three', 'g-4'), false),
        repo.storeMessage(message('one again', 'g-1'), false),
      ]);
      expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual([true, true, 'failed', true, false]);
      expect((await repo.listMessages(roomId, a.id, 10, 0)).map((m) => m.message).sort()).toEqual(['one', 'three', 'two']);
      const [membership] = (await repo.members(roomId)).filter((m) => m.user_id === a.id);
      expect(membership?.last_read_at).not.toBeNull();

      // One after the other, each stored as soon as the one before is answered (none left waiting).
      for (let i = 0; i < 20; i++) expect(await repo.storeMessage(message(`next ${i}`, `g-next-${i}`), false)).toBe(true);
      expect(await repo.countMessages(roomId)).toBe(23);
    } finally {
      await t.close();
    }
  });
});

describe('chat messages on SQLite', onlyOn('sqlite'), () => {
  it('keep the WAL bounded under a stream of commits, and closing folds it back into the database', async () => {
    const database = await createTestDatabase();
    const dir = path.dirname(database.file!);
    try {
      const [a, b] = [await buildUser(database.db, { name: 'Qiniso' }), await buildUser(database.db, { name: 'Rethabile' })];
      const repo = new ChatRepository(database.db, systemClock, { groupCommits: true });
      const roomId = await repo.createRoom({ pairKey: [a.id, b.id].sort().join(':'), createdBy: a.id, now: nowIso(), members: [{ userId: a.id, name: 'x' }, { userId: b.id, name: 'y' }] });
      for (let i = 0; i < 2000; i++) {
        const now = nowIso();
        await repo.storeMessage({ id: newId(), room_id: roomId, user_id: a.id, message: `m${i} ${'x'.repeat(400)}`, type: 'text', client_id: `wal-${i}`, created_at: now, updated_at: now }, false);
      }
      // 2,000 commits of several pages each: never checkpointed, the WAL would pass 30 MB.
      expect(fs.statSync(`${database.file}-wal`).size).toBeLessThan(24 * 1024 * 1024);
      await database.close();
      expect(fs.existsSync(`${database.file}-wal`)).toBe(false);
      const reopened = createDatabase({ dataDir: dir });
      try {
        expect(await new ChatRepository(reopened.db, systemClock).countMessages(roomId)).toBe(2000);
      } finally {
        await reopened.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('chat send limit', () => {
  it('limits messages per member, not per IP', async () => {
    const t = await buildTestApp({ CHAT_MESSAGES_PER_MINUTE: '3' });
    try {
      const [a, b, c] = await Promise.all(['Lindi', 'Musa', 'Nomsa'].map((name) => buildUser(t.database.db, { name })));
      const [ta, tc] = [await signIn(t.app, a!), await signIn(t.app, c!)];
      await Promise.all([buildMatch(t.database.db, a!, b!), buildMatch(t.database.db, c!, b!)]);
      const roomAB = (await t.app.inject({ method: 'POST', url: '/api/chat/rooms', headers: bearer(ta), payload: { user_id: b!.id } })).json().data.id;
      const roomCB = (await t.app.inject({ method: 'POST', url: '/api/chat/rooms', headers: bearer(tc), payload: { user_id: b!.id } })).json().data.id;
      const send = (token: string, room: string) => t.app.inject({ method: 'POST', url: '/api/chat/messages', headers: bearer(token), payload: { chat_room_id: room, message: 'hi' } });
      for (let i = 0; i < 3; i++) expect((await send(ta, roomAB)).statusCode).toBe(201);
      expect((await send(ta, roomAB)).statusCode).toBe(429);
      expect((await send(tc, roomCB)).statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });
});
