// `message.send` over the member's socket: the same rules and answers as POST /chat/messages.
import { describe, expect, it } from 'vitest';
import { ChatMessageSchema, roomChannel, type ChatMessage, type CommandAck } from '@linkup/contract';
import { api, buildRoom } from './helpers/factories';
import { liveTestApp, record, until, type ClientSocket } from './helpers/sockets';

describe('sending messages over the socket', () => {
  const live = liveTestApp({ CHAT_MESSAGES_PER_MINUTE: '5' });
  const member = live.member;
  const call = api(() => live.t.app);
  const send = (socket: ClientSocket, payload: object): Promise<CommandAck<ChatMessage>> =>
    socket.timeout(3000).emitWithAck('message.send', payload as never);

  it('stores the message, answers it after the commit (201), and delivers it like an HTTP send', async () => {
    const [a, b] = [await member('Ayanda'), await member('Bheki')];
    const roomId = await buildRoom(live.t.app, a, b);
    // A's phone sends; A's other device and B, in the room or not, get the events; the phone has the ack.
    const aOtherDevice = await live.openSocket(a.token);
    for (const socket of [a.socket, b.socket]) {
      expect(await socket.timeout(3000).emitWithAck('subscribe', roomChannel(roomId))).toEqual({ ok: true });
    }
    const bNew = record<{ message: ChatMessage }>(b.socket, 'NewMessage');
    const bSent = record<{ message: ChatMessage }>(b.socket, 'message.sent');
    const aOtherNew = record<{ message: ChatMessage }>(aOtherDevice, 'NewMessage');
    const aSenderEvents = [record(a.socket, 'NewMessage'), record(a.socket, 'message.sent')];
    const ack = await send(a.socket, { chat_room_id: roomId, message: 'Over the socket', type: 'text', client_id: 'sock-send-0001' });
    expect(ack).toMatchObject({ ok: true, status: 201 });
    const message = ChatMessageSchema.parse(ack.ok ? ack.data : null);
    expect(message).toMatchObject({ chat_room_id: roomId, user_id: a.user.id, message: 'Over the socket', is_edited: false });
    await until(() => bNew.length === 1 && bSent.length === 1 && aOtherNew.length === 1);
    expect([bNew[0]!.message, bSent[0]!.message, aOtherNew[0]!.message]).toEqual([message, message, message]);
    const listed = await call(b, 'GET', `/chat/rooms/${roomId}/messages`);
    expect(listed.json().data.items.map((m: ChatMessage) => m.id)).toEqual([message.id]);
    expect(aSenderEvents.map((events) => events.length)).toEqual([0, 0]);
  });

  it('stores a retried send once (same client id): 200 with the same message, over the socket or HTTP', async () => {
    const [a, b] = [await member('Dumisani'), await member('Elam')];
    const roomId = await buildRoom(live.t.app, a, b);
    const body = { chat_room_id: roomId, message: 'Once only', type: 'text', client_id: 'sock-retry-0001' };
    const first = await send(a.socket, body);
    const again = await send(a.socket, body);
    const overHttp = await call(a, 'POST', '/chat/messages', body);
    expect(first).toMatchObject({ ok: true, status: 201 });
    expect(again).toEqual({ ...first, status: 200 });
    expect([overHttp.statusCode, overHttp.json().data]).toEqual([200, first.ok ? first.data : null]);
    const listed = await call(a, 'GET', `/chat/rooms/${roomId}/messages`);
    expect(listed.json().data.pagination.total).toBe(1);
  });

  it('answers as HTTP would: 404 outside the room, 422 with field errors, never a stored message', async () => {
    const [a, b, c] = [await member('Fikile'), await member('Gift'), await member('Hlengiwe')];
    const roomId = await buildRoom(live.t.app, a, b);
    const overHttp = await call(c, 'POST', '/chat/messages', { chat_room_id: roomId, message: 'let me in' });
    expect(overHttp.statusCode).toBe(404);
    expect(await send(c.socket, { chat_room_id: roomId, message: 'let me in' })).toEqual({ ok: false, status: 404, code: 'room_not_found', message: overHttp.json().message });
    const empty = await send(a.socket, { chat_room_id: roomId, message: '   ' });
    expect(empty).toMatchObject({ ok: false, status: 422 });
    expect(empty.ok ? {} : empty.errors).toHaveProperty('message');
    const noRoom = await send(a.socket, { message: 'where?' });
    expect(noRoom.ok ? [] : noRoom.errors?.chat_room_id).toEqual(['Room ID is required to send a message']);
    const listed = await call(a, 'GET', `/chat/rooms/${roomId}/messages`);
    expect(listed.json().data.pagination.total).toBe(0);
  });

  it('limits sends per member and minute (429)', async () => {
    const [a, b] = [await member('Itumeleng'), await member('Jabu')];
    const roomId = await buildRoom(live.t.app, a, b);
    const results = [];
    for (let i = 0; i < 6; i++) results.push((await send(a.socket, { chat_room_id: roomId, message: `hi ${i}` })).status);
    expect(results).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('a revoked session can send nothing more, and its socket is closed', async () => {
    const [a, b] = [await member('Karabo'), await member('Lerato')];
    const roomId = await buildRoom(live.t.app, a, b);
    const closed = new Promise<string>((resolve) => a.socket.once('disconnect', resolve));
    // Revoked where this process is not told (logout closes the socket at once: session-sockets.test.ts).
    await live.t.database.db.updateTable('sessions').set({ revoked_at: new Date().toISOString() }).where('user_id', '=', a.user.id).execute();
    expect(await send(a.socket, { chat_room_id: roomId, message: 'after logout' })).toMatchObject({ ok: false, status: 401 });
    expect(await closed).toBe('io server disconnect');
    const listed = await call(b, 'GET', `/chat/rooms/${roomId}/messages`);
    expect(listed.json().data.pagination.total).toBe(0);
  });
});
