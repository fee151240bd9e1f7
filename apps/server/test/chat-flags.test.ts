// Safe contact (issue 29): the server classifies each message; only its recipient's copy carries the flags.
import { describe, expect, it } from 'vitest';
import {
  ChatMessageSchema, SwipeResultSchema, roomChannel, type ChatMessage, type ChatRoom, type CommandAck, type MessageSentPayload, type NewMessagePayload,
} from '@linkup/contract';
import { api } from './helpers/factories';
import { drained, liveTestApp, record, until, type ClientSocket } from './helpers/sockets';

type Member = Awaited<ReturnType<ReturnType<typeof liveTestApp>['member']>>;

describe('message flags (issue 29)', () => {
  const live = liveTestApp();
  const call = api(() => live.t.app);
  const send = (socket: ClientSocket, payload: object): Promise<CommandAck<ChatMessage>> =>
    socket.timeout(3000).emitWithAck('message.send', payload as never);

  /** Two members who like each other (so they may chat whatever the request rules): their room. */
  const matchedPair = async (names: [string, string]) => {
    const [a, b] = [await live.member(names[0]), await live.member(names[1])];
    expect((await call(a, 'POST', `/matches/${b.user.id}/like`)).statusCode).toBe(200);
    const result = SwipeResultSchema.parse((await call(b, 'POST', `/matches/${a.user.id}/like`)).json().data);
    const roomId = result.match!.chat_room_id!;
    for (const m of [a, b]) expect(await m.socket.timeout(3000).emitWithAck('subscribe', roomChannel(roomId))).toEqual({ ok: true });
    return { a, b, roomId };
  };
  const messagesAs = async (m: Member, roomId: string) =>
    ((await call(m, 'GET', `/chat/rooms/${roomId}/messages`)).json().data.items as ChatMessage[]);
  const latestAs = async (m: Member, roomId: string) =>
    ((await call(m, 'GET', `/chat/rooms/${roomId}`)).json().data as ChatRoom).latest_message;

  it('over HTTP: the recipient reads the flags, the sender reads none', async () => {
    const { a, b, roomId } = await matchedPair(['Flag Ama', 'Flag Bongani']);
    const sent = await call(a, 'POST', '/chat/messages', { chat_room_id: roomId, message: 'WhatsApp me on 082 123 4567', type: 'text' });
    expect(sent.statusCode).toBe(201);
    expect(ChatMessageSchema.parse(sent.json().data).flags).toEqual([]);
    expect((await messagesAs(b, roomId)).map((m) => m.flags)).toEqual([['contact_details']]);
    expect((await messagesAs(a, roomId)).map((m) => m.flags)).toEqual([[]]);
    expect((await latestAs(b, roomId))?.flags).toEqual(['contact_details']);
    expect((await latestAs(a, roomId))?.flags).toEqual([]);
    const roomsOfB = (await call(b, 'GET', '/chat/rooms')).json().data.items as ChatRoom[];
    expect(roomsOfB.find((r) => r.id === roomId)?.latest_message?.flags).toEqual(['contact_details']);
    // A message with nothing to flag carries none for anyone.
    await call(b, 'POST', '/chat/messages', { chat_room_id: roomId, message: 'Let us keep chatting here first', type: 'text' });
    expect((await messagesAs(a, roomId))[0]?.flags).toEqual([]);
  });

  it('in real time: the recipient\'s NewMessage and message.sent carry the flags, the sender\'s copies none; the sending socket only its ack', async () => {
    const { a, b, roomId } = await matchedPair(['Flag Chipo', 'Flag Dineo']);
    const aOtherDevice = await live.openSocket(a.token);
    expect(await aOtherDevice.timeout(3000).emitWithAck('subscribe', roomChannel(roomId))).toEqual({ ok: true });
    const bNew = record<NewMessagePayload>(b.socket, 'NewMessage');
    const bSent = record<MessageSentPayload>(b.socket, 'message.sent');
    const aOtherNew = record<NewMessagePayload>(aOtherDevice, 'NewMessage');
    const aOtherSent = record<MessageSentPayload>(aOtherDevice, 'message.sent');
    const aSender = [record(a.socket, 'NewMessage'), record(a.socket, 'message.sent')];

    const ack = await send(a.socket, { chat_room_id: roomId, message: 'Send me an iTunes gift card', type: 'text', client_id: 'flags-rt-0001' });
    expect(ack).toMatchObject({ ok: true, status: 201 });
    expect(ack.ok && ack.data.flags).toEqual([]);
    await until(() => bNew.length === 1 && bSent.length === 1 && aOtherNew.length === 1 && aOtherSent.length === 1);
    for (const socket of [a.socket, b.socket, aOtherDevice]) await drained(live.t.app, socket);
    expect([bNew.length, bSent.length, aOtherNew.length, aOtherSent.length]).toEqual([1, 1, 1, 1]);
    expect([bNew[0]!.message.flags, bSent[0]!.message.flags]).toEqual([['money'], ['money']]);
    expect([aOtherNew[0]!.message.flags, aOtherSent[0]!.message.flags]).toEqual([[], []]);
    expect(aSender.map((events) => events.length)).toEqual([0, 0]);

    // Over HTTP the same: each copy to its own member.
    await call(a, 'POST', '/chat/messages', { chat_room_id: roomId, message: 'or see www.example.com', type: 'text' });
    await until(() => bSent.length === 2 && aOtherSent.length === 2 && bNew.length === 2 && aOtherNew.length === 2);
    expect([bSent[1]!.message.flags, bNew[1]!.message.flags, aOtherSent[1]!.message.flags]).toEqual([['link'], ['link'], []]);
    for (const socket of [b.socket, aOtherDevice]) await drained(live.t.app, socket);
    expect([bSent.length, aOtherSent.length]).toEqual([2, 2]);
  });

  it('asks to confirm a hurtful message (409 confirm_required over HTTP and in the ack), stores nothing, then sends it with `offensive` for the recipient', async () => {
    const { a, b, roomId } = await matchedPair(['Flag Esihle', 'Flag Fumani']);
    const before = (await messagesAs(a, roomId)).length;
    const overHttp = await call(a, 'POST', '/chat/messages', { chat_room_id: roomId, message: 'you are a fucking idiot', type: 'text' });
    expect(overHttp.statusCode).toBe(409);
    expect(overHttp.json().code).toBe('confirm_required');
    const overSocket = await send(a.socket, { chat_room_id: roomId, message: 'you are a fucking idiot', type: 'text' });
    expect(overSocket).toEqual({ ok: false, status: 409, code: 'confirm_required', message: overHttp.json().message });
    expect((await messagesAs(a, roomId)).length).toBe(before);

    const bSent = record<MessageSentPayload>(b.socket, 'message.sent');
    const confirmed = await send(a.socket, { chat_room_id: roomId, message: 'you are a fucking idiot', type: 'text', confirm: true });
    expect(confirmed).toMatchObject({ ok: true, status: 201 });
    expect(confirmed.ok && confirmed.data.flags).toEqual([]);
    await until(() => bSent.length === 1);
    expect(bSent[0]!.message.flags).toEqual(['offensive']);
    expect((await messagesAs(b, roomId))[0]?.flags).toEqual(['offensive']);
    const overHttpConfirmed = await call(a, 'POST', '/chat/messages', { chat_room_id: roomId, message: 'fuck this', type: 'text', confirm: true });
    expect(overHttpConfirmed.statusCode).toBe(201);
  });

  it('classifies an edit again: flags follow the new text, for the recipient only; a hurtful edit asks to confirm', async () => {
    const { a, b, roomId } = await matchedPair(['Flag Gugu', 'Flag Hlubi']);
    const aOtherDevice = await live.openSocket(a.token);
    expect(await aOtherDevice.timeout(3000).emitWithAck('subscribe', roomChannel(roomId))).toEqual({ ok: true });
    const sent = ChatMessageSchema.parse((await call(a, 'POST', '/chat/messages', { chat_room_id: roomId, message: 'Hello there', type: 'text' })).json().data);
    expect((await messagesAs(b, roomId))[0]?.flags).toEqual([]);

    const bUpdated = record<MessageSentPayload>(b.socket, 'message.updated');
    const aUpdated = record<MessageSentPayload>(aOtherDevice, 'message.updated');
    const edited = await call(a, 'PUT', `/chat/messages/${sent.id}`, { message: 'Actually, send me bitcoin' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.flags).toEqual([]);
    await until(() => bUpdated.length >= 1 && aUpdated.length >= 1);
    for (const socket of [b.socket, aOtherDevice]) await drained(live.t.app, socket);
    expect(bUpdated.map((p) => p.message.flags)).toEqual([['money']]);
    expect(aUpdated.map((p) => p.message.flags)).toEqual([[]]);
    expect((await messagesAs(b, roomId))[0]?.flags).toEqual(['money']);

    const hurtful = await call(a, 'PUT', `/chat/messages/${sent.id}`, { message: 'shut up bitch' });
    expect([hurtful.statusCode, hurtful.json().code]).toEqual([409, 'confirm_required']);
    expect((await messagesAs(b, roomId))[0]?.message).toBe('Actually, send me bitcoin');
    expect((await call(a, 'PUT', `/chat/messages/${sent.id}`, { message: 'shut up bitch', confirm: true })).statusCode).toBe(200);
    expect((await messagesAs(b, roomId))[0]?.flags).toEqual(['offensive']);

    expect((await call(a, 'PUT', `/chat/messages/${sent.id}`, { message: 'Sorry, hello again' })).statusCode).toBe(200);
    expect((await messagesAs(b, roomId))[0]?.flags).toEqual([]);
  });
});
