import { describe, expect, it } from 'vitest';
import { SwipeResultSchema, roomChannel, type ChatMessage, type CommandAck, type MembershipPayload, type MessageSentPayload } from '@linkup/contract';
import { nowIso } from '../src/lib/time';
import { bearer } from './helpers/factories';
import { drained, liveTestApp, record, until } from './helpers/sockets';

type Member = Awaited<ReturnType<ReturnType<typeof liveTestApp>['member']>>;

/** Issue #12 item 3: an unmatch ends contact until the two match again. */
describe('after an unmatch', () => {
  const live = liveTestApp();
  const call = (m: Member, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    live.t.app.inject({ method, url: `/api${url}`, headers: bearer(m.token), ...(payload ? { payload } : {}) });

  /** Two members who like each other: their match and its room. */
  const matched = async (a: Member, b: Member) => {
    expect((await call(a, 'POST', `/matches/${b.user.id}/like`)).statusCode).toBe(200);
    const result = SwipeResultSchema.parse((await call(b, 'POST', `/matches/${a.user.id}/like`)).json().data);
    expect(result.match?.chat_room_id).toBeTruthy();
    return result.match!;
  };

  it('neither can reopen, read or write the room, nor find or view the other (404); their sockets leave the room', async () => {
    const [esi, femi] = [await live.member('Esi Unmatched'), await live.member('Femi Unmatched')];
    const match = await matched(esi, femi);
    const roomId = match.chat_room_id!;
    const channel = roomChannel(roomId);
    for (const m of [esi, femi]) expect(await m.socket.emitWithAck('subscribe', channel)).toEqual({ ok: true });
    expect((await call(esi, 'POST', '/chat/messages', { chat_room_id: roomId, message: 'Hi Femi', type: 'text' })).statusCode).toBe(201);
    const leftSeenByEsi = record<MembershipPayload>(esi.socket, 'user.left');

    expect((await call(femi, 'DELETE', `/matches/${match.id}`)).statusCode).toBe(200);
    await until(() => leftSeenByEsi.length === 2);

    for (const [me, other] of [[esi, femi], [femi, esi]] as const) {
      expect((await call(me, 'POST', '/chat/rooms', { user_id: other.user.id })).statusCode, 'reopen').toBe(404);
      expect((await call(me, 'GET', `/chat/rooms/${roomId}`)).statusCode, 'room').toBe(404);
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
});
