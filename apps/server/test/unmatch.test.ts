import { describe, expect, it } from 'vitest';
import { roomChannel, type ChatMessage, type CommandAck, type MembershipPayload, type MessageSentPayload } from '@linkup/contract';
import { nowIso } from '../src/lib/time';
import { api, buildMutualMatch, buildPhoto, grantPremium } from './helpers/factories';
import { drained, liveTestApp, record, until } from './helpers/sockets';

type Member = Awaited<ReturnType<ReturnType<typeof liveTestApp>['member']>>;

/** Issue #12 item 3: an unmatch ends contact until the two match again. */
describe('after an unmatch', () => {
  const live = liveTestApp();
  const call = api(() => live.t.app);


  it('neither can reopen, read or write the room, nor find or view the other (404); their sockets leave the room', async () => {
    const [esi, femi] = [await live.member('Esi Unmatched'), await live.member('Femi Unmatched')];
    const { matchId, roomId } = await buildMutualMatch(live.t.app, esi, femi);
    const channel = roomChannel(roomId);
    for (const m of [esi, femi]) expect(await m.socket.emitWithAck('subscribe', channel)).toEqual({ ok: true });
    expect((await call(esi, 'POST', '/chat/messages', { chat_room_id: roomId, message: 'Hi Femi', type: 'text' })).statusCode).toBe(201);
    const leftSeenByEsi = record<MembershipPayload>(esi.socket, 'user.left');

    expect((await call(femi, 'DELETE', `/matches/${matchId}`)).statusCode).toBe(200);
    await until(() => leftSeenByEsi.length === 2);

    for (const [me, other] of [[esi, femi], [femi, esi]] as const) {
      expect((await call(me, 'POST', '/chat/rooms', { user_id: other.user.id })).statusCode, 'reopen').toBe(404);
      // Opened by id, the room shows that the conversation ended (issue 29), never "You left".
      expect((await call(me, 'GET', `/chat/rooms/${roomId}`)).json().data, 'room').toMatchObject({ id: roomId, ended: true, member_id: other.user.id });
      expect((await call(me, 'GET', `/chat/rooms/${roomId}/messages`)).statusCode, 'history').toBe(404);
      expect((await call(me, 'POST', '/chat/messages', { chat_room_id: roomId, message: 'still there?', type: 'text' })).statusCode, 'send').toBe(404);
      const ack = await me.socket.emitWithAck('message.send', { chat_room_id: roomId, message: 'over the socket?', type: 'text' }) as CommandAck<unknown>;
      expect(ack).toMatchObject({ ok: false, status: 404 });
      expect((await call(me, 'GET', `/users/${other.user.id}`)).statusCode, 'profile').toBe(404);
      const search = await call(me, 'GET', `/chat/users/search?search=${encodeURIComponent(other.user.name)}`);
      expect(search.json().data.items, 'search').toEqual([]);
      expect((await call(me, 'GET', '/chat/rooms')).json().data.items, 'room list').toEqual([]);
      expect(await me.socket.emitWithAck('subscribe', channel), 'subscribe').toMatchObject({ ok: false });
    }

    // Both sockets left the room's channel: nothing emitted to it reaches either any more.
    const seen = [record<MessageSentPayload>(esi.socket, 'message.sent'), record<MessageSentPayload>(femi.socket, 'message.sent')];
    const message: ChatMessage = {
      id: 'probe', chat_room_id: roomId, user_id: esi.user.id, message: 'x', type: 'text', is_edited: false, created_at: nowIso(), client_id: null,
    };
    live.t.app.realtime.toChannel(channel, 'message.sent', { channel, message });
    await Promise.all([drained(live.t.app, esi.socket), drained(live.t.app, femi.socket)]);
    expect(seen).toEqual([[], []]);
    // Other members are unaffected.
    const third = await live.member('Gugu Bystander');
    expect((await call(third, 'GET', `/users/${esi.user.id}`)).statusCode).toBe(200);
  });

  it('ends contact everywhere: no inbox item, activity or visit of the other — neither old nor new name or photo (issue #27 item 10)', async () => {
    const [hlumi, jabu, kaya] = [await live.member('Hlumi Unmatched'), await live.member('Jabu Unmatched'), await live.member('Kaya Bystander')];
    // Premium, so that their inboxes, visitors and activity name who it was.
    for (const m of [hlumi, jabu]) await grantPremium(live.t.database.db, m.user);
    const postOf = async (m: Member) => {
      const res = await call(m, 'POST', '/feed/my-post', { preferred_age_min: 18, preferred_age_max: 99 });
      expect(res.statusCode).toBe(201);
      return res.json().data.post.id as string;
    };
    const [hlumiPost, jabuPost] = [await postOf(hlumi), await postOf(jabu)];
    const { matchId } = await buildMutualMatch(live.t.app, hlumi, jabu);
    for (const [me, other, post] of [[hlumi, jabu, jabuPost], [jabu, hlumi, hlumiPost], [kaya, hlumi, hlumiPost], [kaya, jabu, jabuPost]] as const) {
      expect((await call(me, 'GET', `/users/${other.user.id}`)).statusCode).toBe(200);
      expect((await call(me, 'POST', `/feed/posts/${post}/like`)).statusCode).toBe(200);
    }
    const seenBy = async (m: Member) => {
      const [inbox, visitors, activity] = await Promise.all([
        call(m, 'GET', '/feed/notifications?per_page=50'), call(m, 'GET', '/visitors?per_page=50'), call(m, 'GET', '/activity'),
      ]);
      return JSON.stringify([inbox.json().data, visitors.json().data, activity.json().data]);
    };
    // Before: each sees the other, by name, in all three.
    expect(await seenBy(hlumi)).toContain(jabu.user.id);
    expect(await seenBy(jabu)).toContain(hlumi.user.id);

    expect((await call(jabu, 'DELETE', `/matches/${matchId}`)).statusCode).toBe(200);
    // Afterwards Jabu changes name and photo: Hlumi learns neither, nor the old ones (and the other way round).
    expect((await call(jabu, 'PUT', '/profile', { name: 'Jabu Renamed' })).statusCode).toBe(200);
    await buildPhoto(live.t.app, jabu.user, { width: 10, height: 10 });
    for (const [me, other] of [[hlumi, jabu], [jabu, hlumi]] as const) {
      const seen = await seenBy(me);
      expect(seen).not.toContain(other.user.id);
      expect(seen).not.toMatch(/Jabu|Hlumi Unmatched/);
      // Kaya, who is neither, is still there.
      expect(seen).toContain(kaya.user.id);
    }
    // Counted as listed: the badge and the visitors count leave them out too.
    const visitors = (await call(hlumi, 'GET', '/visitors')).json().data as { count: number };
    expect(visitors.count).toBe(1);
    // The bystander still sees both, with Jabu's new name.
    expect(await seenBy(kaya)).toContain('Jabu Renamed');
  });
});
