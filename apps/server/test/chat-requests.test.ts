// Message requests (issue 29): a first message from a member the recipient has not matched waits
// in her requests until she accepts it; its sender may send one message until then.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_REQUEST_MESSAGES, ChatRequestSchema, ChatRoomSchema, matchesOnlyMessage, verifiedOnlyMessage,
  type ChatMessage, type ChatRequest, type ChatRoom, type CommandAck, type NotificationPayload,
} from '@linkup/contract';
import { ManualClock, buildTestApp, type TestApp } from './helpers/app';
import { type Member, api, buildMatch, buildMember, signIn } from './helpers/factories';
import { drained, listen, openSocket, record, until, type ClientSocket } from './helpers/sockets';

const DAY = 24 * 60 * 60 * 1000;

describe('message requests', () => {
  let t: TestApp;
  let origin: string;
  const sockets: ClientSocket[] = [];
  const clock = new ManualClock(new Date());
  const at = (ms: number) => new Date(Date.now() + ms).toISOString();

  // Established members (a month old): these tests are about requests, not the first-message tiers.
  const established = () => ({ created_at: new Date(clock.now().getTime() - 30 * DAY).toISOString() });
  const call = api(() => t.app);
  const open = async (from: Member, to: Member) => (await call(from, 'POST', '/chat/rooms', { user_id: to.user.id })).json().data as ChatRoom;
  const send = (from: Member, roomId: string, message: string, clientId?: string) =>
    call(from, 'POST', '/chat/messages', { chat_room_id: roomId, message, ...(clientId ? { client_id: clientId } : {}) });
  const rooms = async (m: Member) => (await call(m, 'GET', '/chat/rooms')).json().data as { items: ChatRoom[]; pagination: { total: number } };
  const requests = async (m: Member) => (await call(m, 'GET', '/chat/requests')).json().data as { items: ChatRequest[]; pagination: { total: number } };
  const socketOf = async (m: Member) => {
    const socket = await openSocket(origin, m.token);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    t = await buildTestApp({}, { clock });
    origin = await listen(t.app);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await t.close();
  });

  it('requires authentication on the new endpoints', async () => {
    for (const [method, url] of [['GET', '/chat/requests'], ['POST', '/chat/rooms/x/accept'], ['POST', '/chat/rooms/x/decline']] as const) {
      expect((await call(null, method, url)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('a stranger’s first message is a request: in her requests with his summary and the message, not in her conversations', async () => {
    const [sipho, thandi] = [await buildMember(t.app, { name: 'Sipho Stranger', ...established() }), await buildMember(t.app, { name: 'Thandi Recipient', ...established() })];
    const opened = await call(sipho, 'POST', '/chat/rooms', { user_id: thandi.user.id });
    expect(opened.statusCode).toBe(201);
    expect(opened.json()).toMatchObject({ message: 'Chat started successfully', data: { name: 'Chat with Thandi Recipient' } });
    const roomId = opened.json().data.id as string;

    const sent = await send(sipho, roomId, 'Hi Thandi, I liked your post about hiking');
    expect(sent.statusCode).toBe(201);
    const message = sent.json().data as ChatMessage;

    // The sender sees his room as usual, waiting for her.
    const mine = await rooms(sipho);
    expect(mine.items.map((r) => r.id)).toEqual([roomId]);
    expect(ChatRoomSchema.parse(mine.items[0])).toMatchObject({ latest_message: { id: message.id }, awaiting_acceptance: true });

    // She does not have it among her conversations, nor in any unread count.
    expect(await rooms(thandi)).toEqual({ items: [], pagination: expect.objectContaining({ total: 0 }) });
    const listed = await requests(thandi);
    expect(listed.pagination).toMatchObject({ total: 1, current_page: 1, per_page: 15 });
    const [request] = listed.items.map((r) => ChatRequestSchema.parse(r));
    expect(request).toMatchObject({
      id: roomId, sender: { id: sipho.user.id, name: 'Sipho Stranger', city: 'Cape Town' },
      message: { id: message.id, message: 'Hi Thandi, I liked your post about hiking', user_id: sipho.user.id },
    });
    // Nothing that is not public: no e-mail, no phone.
    expect(JSON.stringify(request)).not.toContain(sipho.user.email!);
    expect(await requests(sipho)).toMatchObject({ items: [], pagination: { total: 0 } });
  });

  it('lets the sender send one message until it is accepted: 409 request_pending over HTTP and in the socket ack', async () => {
    const [a, b] = [await buildMember(t.app, { name: 'Andile Eager', ...established() }), await buildMember(t.app, { name: 'Bontle Busy', ...established() })];
    const roomId = (await open(a, b)).id;
    expect((await send(a, roomId, 'Hello!', 'first-message-1')).statusCode).toBe(201);

    const again = await send(a, roomId, 'Are you there?');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'request_pending', message: CHAT_REQUEST_MESSAGES.pending('Bontle Busy') });
    expect(CHAT_REQUEST_MESSAGES.pending('Bontle Busy')).toBe('You can send more once Bontle Busy accepts your request.');

    const socket = await socketOf(a);
    const ack = await socket.emitWithAck('message.send', { chat_room_id: roomId, message: 'Over the socket?', type: 'text' }) as CommandAck<ChatMessage>;
    expect(ack).toMatchObject({ ok: false, status: 409, code: 'request_pending' });

    // A retried first message (same client id) is still answered with the stored one.
    const retried = await send(a, roomId, 'Hello!', 'first-message-1');
    expect(retried.statusCode).toBe(200);
    const stored = (await call(a, 'GET', `/chat/rooms/${roomId}/messages`)).json().data.items as ChatMessage[];
    expect(stored.map((m) => m.message)).toEqual(['Hello!']);
  });

  it('accept makes it a conversation in her list (read), and both may write', async () => {
    const [a, b] = [await buildMember(t.app, { name: 'Cebo Asker', ...established() }), await buildMember(t.app, { name: 'Dineo Accepter', ...established() })];
    const roomId = (await open(a, b)).id;
    await send(a, roomId, 'Hi Dineo');

    const accepted = await call(b, 'POST', `/chat/rooms/${roomId}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().message).toBe('Request accepted');
    expect(ChatRoomSchema.parse(accepted.json().data)).toMatchObject({ id: roomId, name: 'Chat with Cebo Asker', unread_count: 0 });
    // Accepting again answers the same (a retry after a lost answer).
    expect((await call(b, 'POST', `/chat/rooms/${roomId}/accept`)).statusCode).toBe(200);

    expect((await rooms(b)).items.map((r) => r.id)).toEqual([roomId]);
    expect((await requests(b)).pagination.total).toBe(0);
    expect((await send(b, roomId, 'Hi Cebo!')).statusCode).toBe(201);
    expect((await send(a, roomId, 'How are you?')).statusCode).toBe(201);
    expect((await send(a, roomId, 'And one more')).statusCode).toBe(201);
    expect((await rooms(a)).items[0]).toMatchObject({ id: roomId, awaiting_acceptance: false, unread_count: 0 });
    expect((await rooms(b)).items[0]).toMatchObject({ id: roomId, unread_count: 2 });
  });

  it('a reply from the recipient accepts the request too', async () => {
    const [a, b] = [await buildMember(t.app, { name: 'Esi Writer', ...established() }), await buildMember(t.app, { name: 'Fikile Replier', ...established() })];
    const roomId = (await open(a, b)).id;
    await send(a, roomId, 'Hello Fikile');
    // She opens the chat from the request and answers.
    expect((await call(b, 'GET', `/chat/rooms/${roomId}`)).statusCode).toBe(200);
    expect((await call(b, 'GET', `/chat/rooms/${roomId}/messages`)).json().data.items).toHaveLength(1);
    expect((await send(b, roomId, 'Hi Esi')).statusCode).toBe(201);
    expect((await rooms(b)).items.map((r) => r.id)).toEqual([roomId]);
    expect((await send(a, roomId, 'Great to hear from you')).statusCode).toBe(201);
  });

  it('decline removes it for her, the sender is not told, and may not ask her again for 30 days', async () => {
    const [a, b] = [await buildMember(t.app, { name: 'Gift Declined', ...established() }), await buildMember(t.app, { name: 'Hlengiwe Decliner', ...established() })];
    const roomId = (await open(a, b)).id;
    await send(a, roomId, 'Hi Hlengiwe');

    const declined = await call(b, 'POST', `/chat/rooms/${roomId}/decline`);
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ data: null, message: 'Request declined' });
    expect((await requests(b)).pagination.total).toBe(0);
    expect((await rooms(b)).pagination.total).toBe(0);
    for (const url of [`/chat/rooms/${roomId}`, `/chat/rooms/${roomId}/messages`]) expect((await call(b, 'GET', url)).statusCode).toBe(404);
    expect((await call(b, 'POST', `/chat/rooms/${roomId}/accept`)).statusCode).toBe(404);

    // The sender sees nothing changed: his room waits, a new message is the same 409.
    expect((await rooms(a)).items[0]).toMatchObject({ id: roomId, awaiting_acceptance: true });
    expect((await send(a, roomId, 'Hello?')).json()).toMatchObject({ status: 409, code: 'request_pending' });
    expect((await open(a, b)).id).toBe(roomId);

    clock.set(at(29 * DAY));
    a.token = await signIn(t.app, a.user);
    b.token = await signIn(t.app, b.user);
    expect((await send(a, roomId, 'Still me')).statusCode).toBe(409);

    clock.set(at(30 * DAY + 60_000));
    a.token = await signIn(t.app, a.user);
    b.token = await signIn(t.app, b.user);
    expect((await rooms(a)).items[0]).toMatchObject({ id: roomId, awaiting_acceptance: false });
    expect((await send(a, roomId, 'A month later: hello again')).statusCode).toBe(201);
    expect((await requests(b)).items.map((r) => [r.id, r.message.message])).toEqual([[roomId, 'A month later: hello again']]);
    expect((await send(a, roomId, 'and again')).statusCode).toBe(409);
    clock.set(new Date().toISOString());
  });

  it('a request she declined is gone for her until she writes to him herself', async () => {
    const [a, b] = [await buildMember(t.app, { name: 'Isaac Hopeful', ...established() }), await buildMember(t.app, { name: 'Jabu Changes Mind', ...established() })];
    const roomId = (await open(a, b)).id;
    await send(a, roomId, 'Hi Jabu');
    await call(b, 'POST', `/chat/rooms/${roomId}/decline`);
    // She opens the chat with him herself: the same room, without the request; her message is hers to him.
    expect((await open(b, a)).id).toBe(roomId);
    expect((await send(b, roomId, 'Sorry, hi Isaac')).statusCode).toBe(201);
    expect((await requests(a)).items.map((r) => r.id)).toEqual([roomId]);
  });

  it('"who may message me": everyone (the default) as requests; matches only refused as before unless matched', async () => {
    const [a, b, c] = [await buildMember(t.app, { name: 'Kamo Sender', ...established() }), await buildMember(t.app, { name: 'Lerato Open', ...established() }), await buildMember(t.app, { name: 'Mandla Private', ...established() })];
    expect((await call(b, 'GET', '/settings')).json().data.privacy.message_policy).toBe('everyone');
    const toB = (await open(a, b)).id;
    await send(a, toB, 'Hi Lerato');
    expect((await requests(b)).items.map((r) => r.id)).toEqual([toB]);

    expect((await call(c, 'PUT', '/settings', { privacy: { message_policy: 'matches' } })).statusCode).toBe(200);
    const refused = await call(a, 'POST', '/chat/rooms', { user_id: c.user.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'messages_from_matches_only', message: matchesOnlyMessage('Mandla Private') });
    // "verified" exists since photo verification (issue 31); contact.policy's tests and
    // verification.test.ts cover whom it lets in. An unknown policy is still refused.
    expect((await call(c, 'PUT', '/settings', { privacy: { message_policy: 'nobody' } })).statusCode).toBe(422);

    await buildMatch(t.database.db, a.user, c.user);
    const toC = (await open(a, c)).id;
    expect((await send(a, toC, 'Hi Mandla')).statusCode).toBe(201);
    expect((await send(a, toC, 'Matched: no request')).statusCode).toBe(201);
    expect((await rooms(c)).items.map((r) => r.id)).toEqual([toC]);
    expect((await requests(c)).pagination.total).toBe(0);
  });

  it('"verified": an unverified stranger is refused with the code that says verifying opens the way; a verified one writes as a request', async () => {
    const [a, c] = [await buildMember(t.app, { name: 'Palesa Unverified', ...established() }), await buildMember(t.app, { name: 'Qhawe Careful', ...established() })];
    expect((await call(c, 'PUT', '/settings', { privacy: { message_policy: 'verified' } })).statusCode).toBe(200);
    const refused = await call(a, 'POST', '/chat/rooms', { user_id: c.user.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'messages_from_verified_only', message: verifiedOnlyMessage('Qhawe Careful') });
    expect((await call(a, 'GET', `/users/${c.user.id}`)).json().data.relation).toMatchObject({ accepts_messages: false, verification_unlocks_messages: true });

    // Photo-verified (issue 31): the same stranger's message now arrives as a request.
    await t.database.db.updateTable('users').set({ verified_at: clock.now().toISOString() }).where('id', '=', a.user.id).execute();
    expect((await call(a, 'GET', `/users/${c.user.id}`)).json().data.relation).toMatchObject({ accepts_messages: true, verification_unlocks_messages: false });
    const toC = (await open(a, c)).id;
    expect((await send(a, toC, 'Hi Qhawe, I am verified')).statusCode).toBe(201);
    expect((await requests(c)).items.map((r) => r.id)).toEqual([toC]);
  });

  it('matched members write directly: never a request, however the room was opened', async () => {
    const [a, b] = [await buildMember(t.app, { name: 'Naledi Early', ...established() }), await buildMember(t.app, { name: 'Oupa Later', ...established() })];
    // Opened before they matched, then matched (the match accepts the pair's room).
    const roomId = (await open(a, b)).id;
    await send(a, roomId, 'Hi Oupa');
    expect((await requests(b)).pagination.total).toBe(1);
    expect((await call(a, 'POST', `/matches/${b.user.id}/like`)).statusCode).toBe(200);
    expect((await call(b, 'POST', `/matches/${a.user.id}/like`)).json().data.match).toBeTruthy();
    expect((await requests(b)).pagination.total).toBe(0);
    expect((await rooms(b)).items.map((r) => r.id)).toEqual([roomId]);
    expect((await send(a, roomId, 'We matched!')).statusCode).toBe(201);
  });

  it('accept and decline answer 404 for another member’s room, the sender’s own request, a room without a request and an unknown id', async () => {
    const [a, b, c] = [await buildMember(t.app, { name: 'Palesa Owner', ...established() }), await buildMember(t.app, { name: 'Qiniso Recipient', ...established() }), await buildMember(t.app, { name: 'Refilwe Outsider', ...established() })];
    const roomId = (await open(a, b)).id;
    await send(a, roomId, 'Hi Qiniso');
    await buildMatch(t.database.db, a.user, c.user);
    const matchedRoom = (await open(a, c)).id;
    await send(a, matchedRoom, 'Hi Refilwe');
    for (const action of ['accept', 'decline']) {
      for (const [who, id] of [[c, roomId], [a, roomId], [c, matchedRoom], [a, matchedRoom], [b, 'no-such-room']] as const) {
        const res = await call(who, 'POST', `/chat/rooms/${id}/${action}`);
        expect(res.statusCode, `${who.user.name} ${action} ${id}`).toBe(404);
        expect(res.json().message).toBe('Chat room not found.');
      }
    }
    expect((await requests(b)).items.map((r) => r.id)).toEqual([roomId]);
  });

  it('Block from a request: the request is gone for both, and the sender can write no more', async () => {
    const [a, b] = [await buildMember(t.app, { name: 'Sello Pest', ...established() }), await buildMember(t.app, { name: 'Tumi Blocker', ...established() })];
    const roomId = (await open(a, b)).id;
    await send(a, roomId, 'hey');
    expect((await call(b, 'POST', `/users/${a.user.id}/block`, {})).statusCode).toBe(201);
    expect((await requests(b)).pagination.total).toBe(0);
    expect((await send(a, roomId, 'hey?')).statusCode).toBe(404);
  });

  it('a request reaches her quietly: no NewMessage, a message_request notification (pushes off by default), her Requests count', async () => {
    const [a, b] = [await buildMember(t.app, { name: 'Unathi Sender', ...established() }), await buildMember(t.app, { name: 'Vuyo Quiet', ...established() })];
    const [aSocket, aOther, bSocket] = [await socketOf(a), await socketOf(a), await socketOf(b)];
    const settings = (await call(b, 'GET', '/settings')).json().data.notifications;
    expect(settings.message_request).toEqual({ push: false, in_app: true });

    const bNew = record(bSocket, 'NewMessage');
    const bRoom = record(bSocket, 'message.sent');
    const bNotes = record<NotificationPayload>(bSocket, 'notification');
    const aOtherNew = record<{ chat_room_id: string }>(aOther, 'NewMessage');
    const roomId = (await open(a, b)).id;
    const ack = await aSocket.emitWithAck('message.send', { chat_room_id: roomId, message: 'Hi Vuyo', type: 'text' }) as CommandAck<ChatMessage>;
    expect(ack).toMatchObject({ ok: true, status: 201 });
    await until(() => bNotes.length === 1 && aOtherNew.length === 1);
    expect(bNotes[0]).toMatchObject({ type: 'message_request', action: 'view_requests', chat_room_id: roomId, sender_id: a.user.id, title: 'New message request' });
    expect(JSON.stringify(bNotes[0])).not.toContain('Hi Vuyo');
    await drained(t.app, bSocket);
    expect(bNew).toEqual([]);
    expect(bRoom).toEqual([]);
    expect(aOtherNew[0]).toMatchObject({ chat_room_id: roomId });
    const inbox = (await call(b, 'GET', '/feed/notifications')).json().data.items as { type: string }[];
    expect(inbox.map((n) => n.type)).toContain('message_request');
    // A pending request is hers to read (opened from Requests): she may follow its room.
    expect(await bSocket.emitWithAck('subscribe', `chat.room.${roomId}`)).toEqual({ ok: true });
  });
});
