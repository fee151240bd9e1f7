import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchesOnlyMessage, roomChannel, type ChatMessage, type ChatRoom, type MessageReadPayload, type MessageSentPayload } from '@linkup/contract';
import { buildTestApp, type TestApp } from './helpers/app';
import { type Member, api, buildBlock, buildMatch, buildMember, buildPrivacy, buildRoom } from './helpers/factories';
import { drained, listen, openSocket, record, until, type ClientSocket } from './helpers/sockets';
import { nowIso } from '../src/lib/time';

/** Chat with blocks (both ways) and the "who may message me: matches only" privacy setting. */
describe('chat and safety', () => {
  let t: TestApp;
  let origin: string;
  const sockets: ClientSocket[] = [];
  const call = api(() => t.app);
  const send = (from: Member, roomId: string, message: string) => call(from, 'POST', '/chat/messages', { chat_room_id: roomId, message, type: 'text' });
  const roomIds = async (m: Member) => ((await call(m, 'GET', '/chat/rooms')).json().data.items as ChatRoom[]).map((r) => r.id);
  const unblock = (from: Member, to: Member) => call(from, 'DELETE', `/users/${to.user.id}/block`);
  const searchIds = async (m: Member, text: string) => ((await call(m, 'GET', `/chat/users/search?search=${encodeURIComponent(text)}`)).json().data.items as { id: string }[]).map((u) => u.id);
  const socketOf = async (m: Member) => {
    const socket = await openSocket(origin, m.token);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    origin = await listen(t.app);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await t.close();
  });

  describe('a block works both ways', () => {
    it('refuses starting a chat with a member blocked either way (404, like an unknown member)', async () => {
      const [amara, bheki] = [await buildMember(t.app, { name: 'Amara Block' }), await buildMember(t.app, { name: 'Bheki Block' })];
      await buildBlock(t.app, amara.user, bheki.user);
      for (const [from, to] of [[amara, bheki], [bheki, amara]] as const) {
        const res = await call(from, 'POST', '/chat/rooms', { user_id: to.user.id, name: `Chat with ${to.user.name}` });
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe('Member not found.');
      }
    });

    it('hides the room from both while the block lasts, and brings it back with its history after unblock', async () => {
      const [a, b] = [await buildMember(t.app, { name: 'Ayanda Pair' }), await buildMember(t.app, { name: 'Busi Pair' })];
      await buildMatch(t.database.db, a.user, b.user);
      const roomId = await buildRoom(t.app, a, b, { matched: false });
      const sent = (await send(a, roomId, 'Hello Busi')).json().data as ChatMessage;
      const reply = (await send(b, roomId, 'Hi Ayanda')).json().data as ChatMessage;
      expect(await roomIds(a)).toContain(roomId);
      expect(await roomIds(b)).toContain(roomId);

      expect((await call(b, 'POST', `/users/${a.user.id}/block`, {})).statusCode).toBe(201);
      for (const [member, mine] of [[a, sent], [b, reply]] as const) {
        expect(await roomIds(member)).not.toContain(roomId);
        expect((await call(member, 'GET', '/chat/rooms')).json().data.pagination.total).toBe(0);
        // Opened by id, the room shows that the conversation ended (issue 29), with nothing in it.
        expect((await call(member, 'GET', `/chat/rooms/${roomId}`)).json().data).toMatchObject({ id: roomId, ended: true, latest_message: null });
        for (const [method, url, payload] of [
          ['GET', `/chat/rooms/${roomId}/messages`, undefined],
          ['POST', '/chat/messages', { chat_room_id: roomId, message: 'still there?', type: 'text' }],
          ['POST', `/chat/rooms/${roomId}/read`, {}],
          ['PUT', `/chat/messages/${mine.id}`, { message: 'edited' }],
          ['DELETE', `/chat/messages/${mine.id}`, undefined],
          ['DELETE', `/chat/rooms/${roomId}/leave`, undefined],
        ] as const) {
          const res = await call(member, method, url, payload);
          expect(res.statusCode, `${member.user.name}: ${method} ${url}`).toBe(404);
          expect(res.json().message).toMatch(/not found/);
        }
      }

      expect((await unblock(b, a)).statusCode).toBe(200);
      expect(await roomIds(a)).toContain(roomId);
      expect(await roomIds(b)).toContain(roomId);
      const history = (await call(a, 'GET', `/chat/rooms/${roomId}/messages`)).json().data.items as ChatMessage[];
      expect(history.map((m) => m.message)).toEqual(['Hi Ayanda', 'Hello Busi']);
      expect((await send(a, roomId, 'Welcome back')).statusCode).toBe(201);
    });

    it('leaves the room hidden while the other member’s own block remains', async () => {
      const [a, b] = [await buildMember(t.app, { name: 'Cleo Both' }), await buildMember(t.app, { name: 'Dumisani Both' })];
      const roomId = await buildRoom(t.app, a, b, { matched: false });
      await buildBlock(t.app, a.user, b.user);
      await buildBlock(t.app, b.user, a.user);
      await unblock(a, b);
      expect(await roomIds(a)).not.toContain(roomId);
      expect((await send(a, roomId, 'hello?')).statusCode).toBe(404);
      await unblock(b, a);
      expect(await roomIds(a)).toContain(roomId);
    });

    it('keeps other rooms of the pair’s members as they were', async () => {
      const [a, b, c] = [await buildMember(t.app, { name: 'Eve Others' }), await buildMember(t.app, { name: 'Fikile Others' }), await buildMember(t.app, { name: 'Gugu Others' })];
      const ab = await buildRoom(t.app, a, b, { matched: false });
      const ac = await buildRoom(t.app, a, c, { matched: false });
      await buildBlock(t.app, a.user, b.user);
      expect(await roomIds(a)).toEqual([ac]);
      expect((await send(a, ac, 'still chatting')).statusCode).toBe(201);
      expect((await call(c, 'GET', `/chat/rooms/${ac}`)).statusCode).toBe(200);
      expect(await roomIds(b)).not.toContain(ab);
    });

    it('leaves blocked members out of the user search, both ways', async () => {
      const [a, b, c] = [await buildMember(t.app, { name: 'Hlengiwe Searchable' }), await buildMember(t.app, { name: 'Hlengiwe Blocked' }), await buildMember(t.app, { name: 'Hlengiwe Blocker' })];
      await buildBlock(t.app, a.user, b.user);
      await buildBlock(t.app, c.user, a.user);
      const found = await searchIds(a, 'Hlengiwe');
      expect(found).not.toContain(b.user.id);
      expect(found).not.toContain(c.user.id);
      expect(await searchIds(b, 'Hlengiwe Searchable')).toEqual([]);
      const total = (await call(a, 'GET', '/chat/users/search?search=Hlengiwe')).json().data.pagination.total;
      expect(total).toBe(0);
    });

    it('takes both members’ sockets out of the room channel, tells their lists to refresh, and refuses rejoining', async () => {
      const [a, b] = [await buildMember(t.app, { name: 'Imka Live' }), await buildMember(t.app, { name: 'Jabu Live' })];
      const roomId = await buildRoom(t.app, a, b, { matched: false });
      const [sa, sb] = [await socketOf(a), await socketOf(b)];
      const channel = roomChannel(roomId);
      expect(await sa.emitWithAck('subscribe', channel)).toEqual({ ok: true });
      expect(await sb.emitWithAck('subscribe', channel)).toEqual({ ok: true });
      const sentToA = record<MessageSentPayload>(sa, 'message.sent');
      const sentToB = record<MessageSentPayload>(sb, 'message.sent');
      const readsA = record<MessageReadPayload>(sa, 'MessageRead');
      const readsB = record<MessageReadPayload>(sb, 'MessageRead');

      expect((await call(a, 'POST', `/users/${b.user.id}/block`, {})).statusCode).toBe(201);
      await until(() => readsA.length === 1 && readsB.length === 1);
      // Each member hears of the room on their own channel, as their own read: the client refetches
      // the conversation list (the room is gone) and drops the room's unread count.
      expect(readsA[0]).toMatchObject({ channel: 'messages', chat_room_id: roomId, user_id: a.user.id });
      expect(readsB[0]).toMatchObject({ channel: 'messages', chat_room_id: roomId, user_id: b.user.id });

      // Anything still emitted to the room's channel reaches neither of them.
      const message = { id: 'm1', chat_room_id: roomId, user_id: a.user.id, message: 'x', type: 'text', is_edited: false, created_at: nowIso() };
      t.app.realtime.toChannel(channel, 'message.sent', { channel, message });
      await Promise.all([drained(t.app, sa), drained(t.app, sb)]);
      expect([sentToA.length, sentToB.length]).toEqual([0, 0]);
      expect(await sa.emitWithAck('subscribe', channel)).toEqual({ ok: false, code: 'channel_not_found', message: 'Resource not found.' });
      expect(await sb.emitWithAck('subscribe', channel)).toEqual({ ok: false, code: 'channel_not_found', message: 'Resource not found.' });

      await unblock(a, b);
      expect(await sb.emitWithAck('subscribe', channel)).toEqual({ ok: true });
    });

    it('blocking through a report hides the room too', async () => {
      const [a, b] = [await buildMember(t.app, { name: 'Kagiso Report' }), await buildMember(t.app, { name: 'Lindi Report' })];
      const roomId = await buildRoom(t.app, a, b, { matched: false });
      expect((await call(a, 'POST', `/users/${b.user.id}/report`, { reason: 'harassment', block: true })).statusCode).toBe(201);
      expect(await roomIds(a)).not.toContain(roomId);
      expect(await roomIds(b)).not.toContain(roomId);
    });
  });

  describe('"who may message me: matches only"', () => {
    it('refuses starting a conversation with such a member unless matched (422 with their name, never 403)', async () => {
      const [a, b] = [await buildMember(t.app, { name: 'Mpho Sender' }), await buildMember(t.app, { name: 'Nandi Private' })];
      await buildPrivacy(t.app, b.user, { message_policy: 'matches' });
      const refused = await call(a, 'POST', '/chat/rooms', { user_id: b.user.id, name: `Chat with ${b.user.name}` });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe(matchesOnlyMessage('Nandi Private'));
      expect(matchesOnlyMessage('Nandi Private')).toBe('Nandi Private only accepts messages from matches.');
      expect(await roomIds(a)).toEqual([]);

      await buildMatch(t.database.db, a.user, b.user);
      expect((await call(a, 'POST', '/chat/rooms', { user_id: b.user.id, name: `Chat with ${b.user.name}` })).statusCode).toBe(201);
    });

    it('refuses sending into an existing conversation once the recipient turns it on, until they match', async () => {
      const [a, b] = [await buildMember(t.app, { name: 'Olwethu Sender' }), await buildMember(t.app, { name: 'Palesa Private' })];
      const roomId = await buildRoom(t.app, a, b, { matched: false });
      expect((await send(a, roomId, 'before')).statusCode).toBe(201);
      await buildPrivacy(t.app, b.user, { message_policy: 'matches' });
      const refused = await send(a, roomId, 'after');
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe(matchesOnlyMessage('Palesa Private'));
      expect((await call(a, 'POST', '/chat/rooms', { user_id: b.user.id, name: `Chat with ${b.user.name}` })).statusCode).toBe(422);
      // The room itself stays visible, and the private member may still write.
      expect(await roomIds(a)).toContain(roomId);
      expect((await send(b, roomId, 'I can still write')).statusCode).toBe(201);

      await buildMatch(t.database.db, a.user, b.user);
      expect((await send(a, roomId, 'matched now')).statusCode).toBe(201);
    });

    it('lets a member reply when the "matches only" member started the conversation', async () => {
      const [a, b] = [await buildMember(t.app, { name: 'Qhawe Replier' }), await buildMember(t.app, { name: 'Refilwe Starter' })];
      await buildPrivacy(t.app, b.user, { message_policy: 'matches' });
      const roomId = await buildRoom(t.app, b, a, { matched: false });
      expect((await send(b, roomId, 'Hi there')).statusCode).toBe(201);
      expect((await send(a, roomId, 'Hello!')).statusCode).toBe(201);
      expect((await call(a, 'POST', '/chat/rooms', { user_id: b.user.id, name: `Chat with ${b.user.name}` })).statusCode).toBe(200);
    });

    it('does not count a match that was undone: after an unmatch the pair cannot talk at all (404)', async () => {
      const [a, b] = [await buildMember(t.app, { name: 'Sello Unmatched' }), await buildMember(t.app, { name: 'Tumi Unmatched' })];
      await buildPrivacy(t.app, b.user, { message_policy: 'matches' });
      await buildMatch(t.database.db, a.user, b.user, { unmatchedBy: b.user });
      expect((await call(a, 'POST', '/chat/rooms', { user_id: b.user.id, name: `Chat with ${b.user.name}` })).statusCode).toBe(404);
    });

    it('follows every change that decides a send, from one message to the next', async () => {
      // A conversation reads its room again and again: what it learnt must never outlive a change.
      const [a, b, c] = [await buildMember(t.app, { name: 'Wandile Sender' }), await buildMember(t.app, { name: 'Xola Changes' }), await buildMember(t.app, { name: 'Yonela Other' })];
      const roomId = await buildRoom(t.app, a, b, { matched: false });
      expect((await send(a, roomId, 'one')).statusCode).toBe(201);
      // A stranger's first message is a request; once accepted, the two write freely.
      expect((await call(b, 'POST', `/chat/rooms/${roomId}/accept`)).statusCode).toBe(200);
      expect((await send(a, roomId, 'two')).statusCode).toBe(201);

      await t.database.db.updateTable('users').set({ name: 'Xola Renamed' }).where('id', '=', b.user.id).execute();
      await buildPrivacy(t.app, b.user, { message_policy: 'matches' });
      expect((await send(a, roomId, 'three')).json().message).toBe(matchesOnlyMessage('Xola Renamed'));
      await t.database.db.updateTable('user_settings').set({ message_policy: 'everyone' }).where('user_id', '=', b.user.id).execute();
      expect((await send(a, roomId, 'four')).statusCode).toBe(201);

      expect((await call(b, 'DELETE', `/chat/rooms/${roomId}/leave`)).statusCode).toBe(200);
      expect(await roomIds(b)).toEqual([]);
      expect((await send(a, roomId, 'come back')).statusCode).toBe(201);
      expect(await roomIds(b)).toEqual([roomId]);

      expect((await call(c, 'POST', `/users/${a.user.id}/block`, {})).statusCode).toBeLessThan(300);
      expect((await send(a, roomId, 'a block elsewhere changes nothing here')).statusCode).toBe(201);
      expect((await call(b, 'POST', `/users/${a.user.id}/block`, {})).statusCode).toBeLessThan(300);
      expect((await send(a, roomId, 'blocked')).statusCode).toBe(404);
      expect((await unblock(b, a)).statusCode).toBeLessThan(300);
      expect((await send(a, roomId, 'unblocked')).statusCode).toBe(201);

      await t.database.db.deleteFrom('chat_room_members').where('room_id', '=', roomId).where('user_id', '=', a.user.id).execute();
      expect((await send(a, roomId, 'removed')).statusCode).toBe(404);
    });

    it('lets a blocked "matches only" member stay hidden: the block answers first (404)', async () => {
      const [a, b] = [await buildMember(t.app, { name: 'Uyanda Both' }), await buildMember(t.app, { name: 'Vuyo Both' })];
      await buildPrivacy(t.app, b.user, { message_policy: 'matches' });
      await buildBlock(t.app, b.user, a.user);
      expect((await call(a, 'POST', '/chat/rooms', { user_id: b.user.id, name: `Chat with ${b.user.name}` })).statusCode).toBe(404);
    });
  });
});
