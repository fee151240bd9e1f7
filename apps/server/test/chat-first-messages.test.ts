// Trust-tiered first messages and held messages (issue 29): how many new conversations a member
// may start a day, and what happens to a young account's first messages nobody answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_REQUEST_MESSAGES, type ChatMessage, type ChatRequest, type ChatRoom, type NotificationPayload } from '@linkup/contract';
import { ManualClock, buildTestApp, type TestApp } from './helpers/app';
import { type Member, api, buildMatch, buildMember, signIn } from './helpers/factories';
import { drained, listen, openSocket, record, until, type ClientSocket } from './helpers/sockets';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('first messages', () => {
  let t: TestApp;
  let origin: string;
  const sockets: ClientSocket[] = [];
  const clock = new ManualClock(new Date());

  /** Overrides for an account `ageMs` old on the test clock. */
  const joined = (ageMs = 30 * DAY) => ({ created_at: new Date(clock.now().getTime() - ageMs).toISOString() });
  const strangers = (count: number, prefix: string) => Promise.all(Array.from({ length: count }, (_, i) => buildMember(t.app, { name: `${prefix} ${i + 1}`, ...joined() })));
  const call = api(() => t.app);
  /** Opens the chat with `to` and sends one message: the response. */
  const firstMessage = async (from: Member, to: Member, text = `Hi ${to.user.name}`) => {
    const room = (await call(from, 'POST', '/chat/rooms', { user_id: to.user.id })).json().data as ChatRoom;
    return call(from, 'POST', '/chat/messages', { chat_room_id: room.id, message: text });
  };
  const statuses = async (from: Member, to: Member[]) => {
    const result: number[] = [];
    for (const member of to) result.push((await firstMessage(from, member)).statusCode);
    return result;
  };
  const report = async (reporter: Member, reported: Member) =>
    expect((await call(reporter, 'POST', `/users/${reported.user.id}/report`, { reason: 'scam_or_spam' })).statusCode).toBe(201);

  beforeAll(async () => {
    t = await buildTestApp({}, { clock });
    origin = await listen(t.app);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await t.close();
  });

  it('lets an established member start 10 new conversations a day; the 11th is 429 first_message_limit with remaining and resets_at', async () => {
    const sender = await buildMember(t.app, { name: 'Ayanda Busy', ...joined() });
    const start = clock.now().getTime();
    expect(await statuses(sender, await strangers(10, 'Busy contact'))).toEqual(Array(10).fill(201));
    const [eleventh] = await strangers(1, 'One too many');
    const refused = await firstMessage(sender, eleventh!);
    expect(refused.statusCode).toBe(429);
    const body = refused.json();
    expect(body).toMatchObject({ code: 'first_message_limit', message: CHAT_REQUEST_MESSAGES.firstMessageLimit(0), details: { remaining: 0 } });
    expect(CHAT_REQUEST_MESSAGES.firstMessageLimit(2)).toBe('You can start 2 more conversations today');
    const resetsAt = Date.parse(body.details.resets_at);
    expect(resetsAt).toBeGreaterThanOrEqual(start + DAY);
    expect(resetsAt).toBeLessThan(start + DAY + 60_000);
    // Nothing was stored for the refused one.
    expect((await call(eleventh!, 'GET', '/chat/requests')).json().data.pagination.total).toBe(0);

    // Matched members are no new conversation: they write as before.
    const match = await buildMember(t.app, { name: 'Busy match', ...joined() });
    await buildMatch(t.database.db, sender.user, match.user);
    expect((await firstMessage(sender, match)).statusCode).toBe(201);

    // A day later the allowance is back.
    clock.set(new Date(resetsAt + 1000).toISOString());
    sender.token = await signIn(t.app, sender.user);
    expect((await firstMessage(sender, eleventh!)).statusCode).toBe(201);
    clock.set(new Date().toISOString());
  });

  it('gives an account younger than 24 hours 3 a day', async () => {
    const fresh = await buildMember(t.app, { name: 'Bheki Brand New', ...joined(2 * HOUR) });
    expect(await statuses(fresh, await strangers(4, 'Fresh contact'))).toEqual([201, 201, 201, 429]);
  });

  it('halves the allowance for each member who reported the sender in the last 7 days, never below 1', async () => {
    const once = await buildMember(t.app, { name: 'Cebo Reported Once', ...joined() });
    await report(await buildMember(t.app, { name: 'Reporter A1', ...joined() }), once);
    expect(await statuses(once, await strangers(6, 'Once contact'))).toEqual([201, 201, 201, 201, 201, 429]);

    const twice = await buildMember(t.app, { name: 'Dumi Reported Twice', ...joined() });
    for (const name of ['Reporter B1', 'Reporter B2']) await report(await buildMember(t.app, { name, ...joined() }), twice);
    expect(await statuses(twice, await strangers(3, 'Twice contact'))).toEqual([201, 201, 429]);

    const many = await buildMember(t.app, { name: 'Esi Reported Often', ...joined() });
    for (const name of ['Reporter C1', 'Reporter C2', 'Reporter C3', 'Reporter C4', 'Reporter C5']) await report(await buildMember(t.app, { name, ...joined() }), many);
    expect(await statuses(many, await strangers(2, 'Often contact'))).toEqual([201, 429]);

    // Reports older than 7 days no longer count.
    const old = await buildMember(t.app, { name: 'Fikile Reported Long Ago', ...joined() });
    await report(await buildMember(t.app, { name: 'Reporter D1', ...joined() }), old);
    clock.set(new Date(Date.now() + 8 * DAY).toISOString());
    old.token = await signIn(t.app, old.user);
    const contacts = await strangers(10, 'Later contact');
    expect(await statuses(old, contacts)).toEqual(Array(10).fill(201));
    clock.set(new Date().toISOString());
  });

  it('counts first messages sent at once exactly: 12 in parallel with 10 allowed store 10', async () => {
    const sender = await buildMember(t.app, { name: 'Gugu Parallel', ...joined() });
    const contacts = await strangers(12, 'Parallel contact');
    const rooms = await Promise.all(contacts.map(async (c) => (await call(sender, 'POST', '/chat/rooms', { user_id: c.user.id })).json().data.id as string));
    const results = await Promise.all(rooms.map((id) => call(sender, 'POST', '/chat/messages', { chat_room_id: id, message: 'Hello there' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([...Array(10).fill(201), 429, 429]);
    let requests = 0;
    for (const c of contacts) requests += (await call(c, 'GET', '/chat/requests')).json().data.pagination.total as number;
    expect(requests).toBe(10);
  });

  it('holds the first messages of a member younger than 7 days after 3 unanswered: invisible to the recipient, sent for the sender; an answer releases them', async () => {
    const young = await buildMember(t.app, { name: 'Hlengiwe Young', ...joined(3 * DAY) });
    const [first, second, third] = await strangers(3, 'Unanswered');
    expect(await statuses(young, [first!, second!, third!])).toEqual([201, 201, 201]);

    const held = await buildMember(t.app, { name: 'Held recipient', ...joined() });
    const heldSocket = await openSocket(origin, held.token);
    sockets.push(heldSocket);
    const heldNew = record(heldSocket, 'NewMessage');
    const heldRoomEvents = record(heldSocket, 'message.sent');
    const heldNotes = record<NotificationPayload>(heldSocket, 'notification');
    const youngSocket = await openSocket(origin, young.token);
    sockets.push(youngSocket);
    const youngNew = record<{ chat_room_id: string }>(youngSocket, 'NewMessage');

    const sent = await firstMessage(young, held, 'Hi, are you free on Saturday?');
    // The sender's app shows it as sent.
    expect(sent.statusCode).toBe(201);
    const message = sent.json().data as ChatMessage;
    expect(Object.keys(message)).not.toContain('status');
    const roomId = message.chat_room_id;
    const mine = (await call(young, 'GET', '/chat/rooms')).json().data.items as ChatRoom[];
    expect(mine.find((r) => r.id === roomId)).toMatchObject({ latest_message: { id: message.id }, awaiting_acceptance: true });
    expect((await call(young, 'GET', `/chat/rooms/${roomId}/messages`)).json().data.items.map((m: ChatMessage) => m.id)).toEqual([message.id]);
    await until(() => youngNew.length === 1);

    // The recipient sees nothing: not in her rooms, her requests, by id, on her sockets or in her inbox.
    expect((await call(held, 'GET', '/chat/rooms')).json().data.pagination.total).toBe(0);
    expect((await call(held, 'GET', '/chat/requests')).json().data.pagination.total).toBe(0);
    for (const url of [`/chat/rooms/${roomId}`, `/chat/rooms/${roomId}/messages`]) expect((await call(held, 'GET', url)).statusCode).toBe(404);
    expect((await call(held, 'POST', `/chat/rooms/${roomId}/accept`)).statusCode).toBe(404);
    expect(await heldSocket.emitWithAck('subscribe', `chat.room.${roomId}`)).toEqual({ ok: false, code: 'channel_not_found', message: 'Resource not found.' });
    // Nor when she opens the chat with him herself: his held message stays his.
    const reopened = (await call(held, 'POST', '/chat/rooms', { user_id: young.user.id })).json().data as ChatRoom;
    expect(reopened).toMatchObject({ id: roomId, latest_message: null });
    expect((await call(held, 'GET', `/chat/rooms/${roomId}/messages`)).json().data.items).toEqual([]);
    await drained(t.app, heldSocket);
    expect([heldNew, heldRoomEvents, heldNotes]).toEqual([[], [], []]);
    expect(((await call(held, 'GET', '/feed/notifications')).json().data.items as unknown[]).length).toBe(0);

    // Another first message is held too (still 3 unanswered).
    const later = await buildMember(t.app, { name: 'Later recipient', ...joined() });
    expect((await firstMessage(young, later)).statusCode).toBe(201);
    expect((await call(later, 'GET', '/chat/requests')).json().data.pagination.total).toBe(0);

    // One of the first three answers: the held ones go out as requests, told quietly.
    const laterSocket = await openSocket(origin, later.token);
    sockets.push(laterSocket);
    const laterNotes = record<NotificationPayload>(laterSocket, 'notification');
    const firstRoom = ((await call(first!, 'GET', '/chat/requests')).json().data.items as ChatRequest[])[0]!.id;
    expect((await call(first!, 'POST', `/chat/rooms/${firstRoom}/accept`)).statusCode).toBe(200);
    const laterRequests = (await call(later, 'GET', '/chat/requests')).json().data.items as ChatRequest[];
    expect(laterRequests.map((r) => r.sender.id)).toEqual([young.user.id]);
    await until(() => laterNotes.length === 1);
    expect(laterNotes[0]).toMatchObject({ type: 'message_request', sender_id: young.user.id });
    // Hers was released too, though she had cleared it: his message is hers to read now.
    expect((await call(held, 'GET', `/chat/rooms/${roomId}/messages`)).json().data.items.map((m: ChatMessage) => m.id)).toEqual([message.id]);
  });

  it('releases a member’s held messages in one call (what moderation will use)', async () => {
    const young = await buildMember(t.app, { name: 'Isaac Moderated', ...joined(DAY + HOUR) });
    expect(await statuses(young, await strangers(3, 'Moderated contact'))).toEqual([201, 201, 201]);
    const recipient = await buildMember(t.app, { name: 'Moderated recipient', ...joined() });
    await firstMessage(young, recipient);
    expect((await call(recipient, 'GET', '/chat/requests')).json().data.pagination.total).toBe(0);
    await t.app.services.chat.releaseHeld(young.user.id);
    expect((await call(recipient, 'GET', '/chat/requests')).json().data.items.map((r: ChatRequest) => r.sender.id)).toEqual([young.user.id]);
  });
});
