import { describe, expect, it } from 'vitest';
import { ChatRoomSchema, MESSAGES_CHANNEL, RoomClosedPayloadSchema, type RoomClosedPayload } from '@linkup/contract';
import { FACTORY_PASSWORD, api, buildMessage, buildMutualMatch } from './helpers/factories';
import { drained, liveTestApp, record, until } from './helpers/sockets';

type Member = Awaited<ReturnType<ReturnType<typeof liveTestApp>['member']>>;

/**
 * Issue 29 "Live end of contact": an unmatch, a block or an account deletion tells every open chat
 * of the pair (`room.closed` on the members' own channel, no reason), and the room, opened again
 * by id, answers as ended — never as a room the member left.
 */
describe('room.closed: the end of contact reaches open chats (issue 29)', () => {
  const live = liveTestApp();
  const call = api(() => live.t.app);

  const closedSeen = (m: Member) => record<RoomClosedPayload>(m.socket, 'room.closed');
  const roomAs = async (m: Member, roomId: string) => {
    const res = await call(m, 'GET', `/chat/rooms/${roomId}`);
    expect(res.statusCode, res.body).toBe(200);
    return ChatRoomSchema.parse(res.json().data);
  };
  /** What an ended room shows, whoever ended it and however: the same for all, so nothing tells a block from an unmatch. */
  const endedShape = (roomId: string, memberId: string) => ({
    id: roomId, ended: true, member_id: memberId, match_id: null, unread_count: 0, latest_message: null,
  });

  it('before: an open room answers ended: false with the other member and the match', async () => {
    const [ada, ben] = [await live.member('Ada Open'), await live.member('Ben Open')];
    const { matchId, roomId } = await buildMutualMatch(live.t.app, ada, ben);
    await buildMessage(live.t.app, ada, roomId, 'Hi there');
    expect(await roomAs(ada, roomId)).toMatchObject({ id: roomId, ended: false, member_id: ben.user.id, match_id: matchId });
  });

  it('an unmatch: both members\' sockets get room.closed; the room answers ended for both; sending is refused', async () => {
    const [esi, femi, bystander] = [await live.member('Esi Closed'), await live.member('Femi Closed'), await live.member('Gus Bystander')];
    const { matchId, roomId } = await buildMutualMatch(live.t.app, esi, femi);
    await buildMessage(live.t.app, esi, roomId, 'Hi there');
    const [toEsi, toFemi, toBystander] = [closedSeen(esi), closedSeen(femi), closedSeen(bystander)];

    expect((await call(femi, 'DELETE', `/matches/${matchId}`)).statusCode).toBe(200);
    await until(() => toEsi.length === 1 && toFemi.length === 1);
    for (const seen of [toEsi, toFemi]) {
      expect(RoomClosedPayloadSchema.parse(seen[0])).toEqual({ channel: MESSAGES_CHANNEL, chat_room_id: roomId });
    }
    await drained(live.t.app, bystander.socket);
    expect(toBystander).toEqual([]);

    expect(await roomAs(esi, roomId)).toMatchObject(endedShape(roomId, femi.user.id));
    expect(await roomAs(femi, roomId)).toMatchObject(endedShape(roomId, esi.user.id));
    expect((await call(esi, 'POST', '/chat/messages', { chat_room_id: roomId, message: 'Still there?', type: 'text' })).statusCode).toBe(404);
    expect((await call(esi, 'GET', `/chat/rooms/${roomId}/messages`)).statusCode).toBe(404);
    // A third member's id stays unknown to them.
    expect((await call(bystander, 'GET', `/chat/rooms/${roomId}`)).statusCode).toBe(404);
  });

  it('a block: both get room.closed; the blocked member sees exactly what an unmatch shows; the blocker\'s list still hides it', async () => {
    const [hana, ivan] = [await live.member('Hana Blocked'), await live.member('Ivan Blocker')];
    const { roomId } = await buildMutualMatch(live.t.app, hana, ivan);
    await buildMessage(live.t.app, hana, roomId, 'Hi there');
    const [toHana, toIvan] = [closedSeen(hana), closedSeen(ivan)];

    expect((await call(ivan, 'POST', `/users/${hana.user.id}/block`, {})).statusCode).toBe(201);
    await until(() => toHana.length === 1 && toIvan.length === 1);
    expect(toHana[0]).toEqual({ channel: MESSAGES_CHANNEL, chat_room_id: roomId });

    const seenByBlocked = await roomAs(hana, roomId);
    expect(seenByBlocked).toMatchObject(endedShape(roomId, ivan.user.id));
    expect(Object.keys(seenByBlocked).sort()).toEqual(['ended', 'id', 'last_activity', 'latest_message', 'match_id', 'member_id', 'name', 'unread_count']);
    expect((await call(ivan, 'GET', '/chat/rooms')).json().data.items.map((r: { id: string }) => r.id)).not.toContain(roomId);
    expect((await call(hana, 'GET', '/chat/rooms')).json().data.items.map((r: { id: string }) => r.id)).not.toContain(roomId);
  });

  it('an account deletion: the other member\'s socket gets room.closed and the room still answers ended for them', async () => {
    const [jade, kofi] = [await live.member('Jade Remaining'), await live.member('Kofi Leaving')];
    const { roomId } = await buildMutualMatch(live.t.app, jade, kofi);
    await buildMessage(live.t.app, jade, roomId, 'Hi there');
    const [toJade, toKofi] = [closedSeen(jade), closedSeen(kofi)];

    expect((await call(kofi, 'DELETE', '/account', { password: FACTORY_PASSWORD })).statusCode).toBe(200);
    // His own sockets are told too, just before the server closes them.
    await until(() => toJade.length === 1 && toKofi.length === 1);
    expect(toJade[0]).toEqual({ channel: MESSAGES_CHANNEL, chat_room_id: roomId });
    expect(toKofi[0]).toEqual({ channel: MESSAGES_CHANNEL, chat_room_id: roomId });
    const ended = await roomAs(jade, roomId);
    expect(ended).toMatchObject(endedShape(roomId, kofi.user.id));
    expect(ended.name).toBe('Chat with Kofi Leaving');
    expect((await call(jade, 'POST', '/chat/messages', { chat_room_id: roomId, message: 'Hello?', type: 'text' })).statusCode).toBe(404);
  });

  it('leaving on one\'s own is not an end of contact: no room.closed, and the room is 404 to who left', async () => {
    const [lulu, max] = [await live.member('Lulu Leaver'), await live.member('Max Stays')];
    const { roomId } = await buildMutualMatch(live.t.app, lulu, max);
    await buildMessage(live.t.app, lulu, roomId, 'Hi there');
    const [toLulu, toMax] = [closedSeen(lulu), closedSeen(max)];
    expect((await call(lulu, 'DELETE', `/chat/rooms/${roomId}/leave`)).statusCode).toBe(200);
    expect((await call(lulu, 'GET', `/chat/rooms/${roomId}`)).statusCode).toBe(404);
    expect(await roomAs(max, roomId)).toMatchObject({ ended: false });
    await Promise.all([drained(live.t.app, lulu.socket), drained(live.t.app, max.socket)]);
    expect([toLulu, toMax]).toEqual([[], []]);
  });
});
