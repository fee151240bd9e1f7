// Issue 14: every event reaches the member once per channel their settings allow — the inbox, the
// in-app card on their own socket, Web Push (decrypted here with the subscription's own keys) and
// FCM (a local fake of the HTTP v1 API) — and nothing between blocked or unmatched members.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NATIVE_APP, type NotificationPayload } from '@linkup/contract';
import { buildTestApp, ManualClock, type TestApp } from './helpers/app';
import { FACTORY_PASSWORD, api, bearer, buildLike, buildMember, buildUser, grantPremium } from './helpers/factories';
import { startFakeFcm, startFakePushService } from './helpers/fake-push';
import { drained, listen, openSocket, record, until, type ClientSocket } from './helpers/sockets';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/database';
import { makeDataDir, removeDataDir } from './helpers/isolation';
import { startServerProcess, type ServerProcess } from './helpers/server-process';
import { createDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../src/db/schema';

const MINUTE = 60_000;

describe('notifications: one notify path, delivered per channel', () => {
  let t: TestApp;
  let origin: string;
  let push: Awaited<ReturnType<typeof startFakePushService>>;
  let fcm: Awaited<ReturnType<typeof startFakeFcm>>;
  const clock = new ManualClock(new Date());
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    [push, fcm] = await Promise.all([startFakePushService(), startFakeFcm()]);
    // The fake Web Push service listens on this machine: a test-only setting lets the server post there.
    t = await buildTestApp({
      FCM_SERVICE_ACCOUNT: fcm.serviceAccount, FCM_API_URL: fcm.origin, PUSH_RETRY_BASE_MS: '20', NOTIFICATION_JOB_INTERVAL_MS: '3600000',
      TEST_ONLY_LOOPBACK_PUSH_SERVICE: 'true',
    }, { clock });
    origin = await listen(t.app);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await t.close();
    await Promise.all([push.close(), fcm.close()]);
  });

  interface Member { user: UserRow; token: string; socket: ClientSocket; cards: NotificationPayload[]; subscription: string }
  const member = async (name: string, options: { premium?: boolean; web?: boolean } = {}): Promise<Member> => {
    const { user, token } = await buildMember(t.app, { name });
    // From an hour ago: the test's clock stands still at the file's start.
    if (options.premium !== false) await grantPremium(t.database.db, user, { now: new Date(Date.now() - 60 * MINUTE).toISOString() });
    const socket = await openSocket(origin, token);
    sockets.push(socket);
    const subscription = push.subscribe();
    if (options.web !== false) {
      const res = await call({ token }, 'POST', '/user/fcm-token', { fcm_token: subscription, device_type: 'web', device_name: 'Chromium' });
      expect(res.statusCode, res.body).toBe(200);
    }
    return { user, token, socket, cards: record<NotificationPayload>(socket, 'notification'), subscription };
  };
  const call = api(() => t.app);
  const pushesTo = (m: Member) => push.received.filter((r) => r.path === push.pathOf(m.subscription));
  const inboxOf = (m: Member, type?: string) => {
    let query = t.database.db.selectFrom('notifications').selectAll().where('user_id', '=', m.user.id);
    if (type) query = query.where('type', '=', type);
    return query.orderBy('created_at').execute();
  };
  const settled = async (...members: Member[]) => {
    await t.app.services.notifications.settled();
    for (const m of members) await drained(t.app, m.socket);
  };
  const matchPair = async (a: Member, b: Member) => {
    expect((await call(a, 'POST', `/matches/${b.user.id}/like`)).statusCode).toBe(200);
    const res = await call(b, 'POST', `/matches/${a.user.id}/like`);
    expect(res.json().data.matched).toBe(true);
    return res.json().data.match as { id: string; chat_room_id: string };
  };

  it('serves the VAPID public key, and a like reaches the member once per channel: inbox, card, Web Push encrypted for the subscription', async () => {
    const key = await t.app.inject({ method: 'GET', url: '/api/push/web-push-key' });
    expect(key.statusCode).toBe(200);
    const publicKey = key.json().data.public_key as string;
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{80,100}$/);

    const a = await member('Amara');
    const b = await member('Bongani');
    expect((await call(b, 'POST', `/matches/${a.user.id}/like`)).statusCode).toBe(200);
    await settled(a, b);

    const inbox = await inboxOf(a);
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ type: 'like', actor_id: b.user.id, title: 'Someone likes you', body: 'Bongani liked you.' });
    expect(a.cards).toHaveLength(1);
    expect(a.cards[0]).toMatchObject({ type: 'like', notification_id: inbox[0]!.id, sender_id: b.user.id, sender_name: 'Bongani', action: 'view_profile' });
    const pushes = pushesTo(a);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.payload).toMatchObject({ title: 'Someone likes you', body: 'Bongani liked you.', tag: 'like' });
    expect(pushes[0]!.payload.data).toMatchObject({ type: 'like', notification_id: inbox[0]!.id, sender_id: b.user.id, sender_name: 'Bongani' });
    expect(pushes[0]!.headers['content-encoding']).toBe('aes128gcm');
    expect(pushes[0]!.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));
    expect(push.errors).toEqual([]);
    expect(b.cards).toHaveLength(0);
    expect(pushesTo(b)).toHaveLength(0);
  });

  it('gives every event type exactly one inbox item and one delivery per channel', async () => {
    const a = await member('Ayanda');
    const b = await member('Buhle');
    // A profile view (the first of the day only), a super like.
    expect((await call(b, 'GET', `/users/${a.user.id}`)).statusCode).toBe(200);
    expect((await call(b, 'GET', `/users/${a.user.id}`)).statusCode).toBe(200);
    expect((await call(b, 'POST', `/matches/${a.user.id}/super-like`)).statusCode).toBe(200);
    await settled(a, b);
    expect((await inboxOf(a)).map((n) => n.type).sort()).toEqual(['profile_view', 'super_like']);
    expect(a.cards.map((c) => c.type)).toEqual(['profile_view', 'super_like']);
    expect(a.cards[0]).toMatchObject({ viewer_id: b.user.id, viewer_name: 'Buhle', title: 'Someone viewed your profile' });
    expect(pushesTo(a).map((p) => p.payload.data.type).sort()).toEqual(['profile_view', 'super_like']);

    // A super match: both are told, with the room to start the chat in.
    const match = await call(a, 'POST', `/matches/${b.user.id}/like`);
    expect(match.json().data.matched).toBe(true);
    await settled(a, b);
    const room = match.json().data.match.chat_room_id as string;
    for (const [m, other] of [[a, b], [b, a]] as const) {
      expect((await inboxOf(m, 'super_match'))).toHaveLength(1);
      expect(m.cards.filter((c) => c.type === 'super_match')).toEqual([
        expect.objectContaining({ user_id: other.user.id, username: other.user.name, chat_room_id: room, action: 'start_chat' }),
      ]);
      expect(pushesTo(m).filter((p) => p.payload.data.type === 'super_match')).toHaveLength(1);
    }
    expect(await inboxOf(a, 'like')).toHaveLength(0);

    // A message to A, whose chat is closed.
    expect((await call(b, 'POST', '/chat/messages', { chat_room_id: room, message: 'Hi Ayanda!' })).statusCode).toBe(201);
    await until(async () => (await inboxOf(a, 'message')).length === 1);
    await settled(a, b);
    expect(a.cards.filter((c) => c.type === 'message')).toEqual([
      expect.objectContaining({ sender_id: b.user.id, sender_name: 'Buhle', chat_room_id: room, title: 'New message from Buhle', body: 'Hi Ayanda!' }),
    ]);
    expect(pushesTo(a).filter((p) => p.payload.data.type === 'message')).toHaveLength(1);
    expect(b.cards.filter((c) => c.type === 'message')).toHaveLength(0);

    // Welcome: the first item of a new member's inbox.
    const res = await t.app.inject({
      method: 'POST', url: '/api/auth/register', payload: {
        name: 'Newcomer', email: `new-${Date.now()}@example.test`, mobile: '+27825550199', password: 'a-Long-password-42', password_confirmation: 'a-Long-password-42',
        date_of_birth: '1995-06-15', gender: 'female', terms_accepted: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const welcome = await t.database.db.selectFrom('notifications').selectAll().where('user_id', '=', res.json().data.user.id).execute();
    expect(welcome).toEqual([expect.objectContaining({ type: 'welcome', title: 'Welcome to LinkUp!' })]);
  });

  it('tells the author of a feed post about a like once a day on every channel: inbox, card, Web Push', async () => {
    const author = await member('Thandi', { premium: false });
    const fan = await member('Sipho');
    const created = await call(author, 'POST', '/feed/my-post', { profile_description: 'Sunday hikes.', preferred_age_max: 99 });
    expect(created.statusCode, created.body).toBe(201);
    const postId = created.json().data.post.id as string;
    // Like, unlike, like again: one notification.
    expect((await call(fan, 'POST', `/feed/posts/${postId}/like`)).statusCode).toBe(200);
    expect((await call(fan, 'DELETE', `/feed/posts/${postId}/unlike`)).statusCode).toBe(200);
    expect((await call(fan, 'POST', `/feed/posts/${postId}/like`)).statusCode).toBe(200);
    await settled(author, fan);

    const inbox = await inboxOf(author);
    expect(inbox).toEqual([expect.objectContaining({ type: 'post_like', actor_id: fan.user.id, subject_id: postId, title: 'Someone liked your post', body: 'Sipho liked your post.' })]);
    // A liker of a post is no secret (the post shows its likes), so a free author sees who it was.
    expect(author.cards).toEqual([
      expect.objectContaining({ type: 'post_like', notification_id: inbox[0]!.id, sender_id: fan.user.id, sender_name: 'Sipho', action: 'view_post' }),
    ]);
    const pushes = pushesTo(author);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.payload).toMatchObject({ title: 'Someone liked your post', body: 'Sipho liked your post.' });
    expect(pushes[0]!.payload.data).toMatchObject({ type: 'post_like', notification_id: inbox[0]!.id, sender_id: fan.user.id });
    expect(fan.cards).toHaveLength(0);
    expect(pushesTo(fan)).toHaveLength(0);

    // A blocked member's like reaches nobody (the post is gone from their feed: 404).
    const blocked = await member('Blocked Fan');
    expect((await call(author, 'POST', `/users/${blocked.user.id}/block`)).statusCode).toBeLessThan(300);
    expect((await call(blocked, 'POST', `/feed/posts/${postId}/like`)).statusCode).toBe(404);
    await settled(author);
    expect({ inbox: (await inboxOf(author)).length, cards: author.cards.length, pushes: pushesTo(author).length }).toEqual({ inbox: 1, cards: 1, pushes: 1 });
  });

  it('keeps a room’s messages as one unread inbox item and sends nothing while the member has that chat open', async () => {
    const a = await member('Ada');
    const b = await member('Ben');
    const match = await matchPair(a, b);
    await settled(a, b);
    const before = { cards: a.cards.length, pushes: pushesTo(a).length };
    expect(await new Promise((resolve) => a.socket.emit('subscribe', `chat.room.${match.chat_room_id}`, resolve))).toEqual({ ok: true });
    expect((await call(b, 'POST', '/chat/messages', { chat_room_id: match.chat_room_id, message: 'Open chat' })).statusCode).toBe(201);
    await settled(a);
    await until(async () => (await t.database.db.selectFrom('chat_messages').select('id').where('room_id', '=', match.chat_room_id).execute()).length === 1);
    await drained(t.app, a.socket);
    expect(a.cards.length).toBe(before.cards);

    await new Promise((resolve) => a.socket.emit('unsubscribe', `chat.room.${match.chat_room_id}`, resolve));
    // At the same moment: both deliveries look for the room's unread item at once (the database keeps it to one).
    const sent = await Promise.all(['One', 'Two'].map((text) => call(b, 'POST', '/chat/messages', { chat_room_id: match.chat_room_id, message: text })));
    expect(sent.map((r) => r.statusCode)).toEqual([201, 201]);
    await until(() => a.cards.filter((c) => c.type === 'message').length === 2);
    await settled(a);
    expect(await inboxOf(a, 'message')).toHaveLength(1);
    expect(pushesTo(a).length - before.pushes).toBe(2);
    expect(new Set(pushesTo(a).slice(-2).map((p) => p.payload.tag))).toEqual(new Set([`room-${match.chat_room_id}`]));

    // One more while that item is unread: found, not made again; every card names the one item.
    expect((await call(b, 'POST', '/chat/messages', { chat_room_id: match.chat_room_id, message: 'Three' })).statusCode).toBe(201);
    await until(() => a.cards.filter((c) => c.type === 'message').length === 3);
    await settled(a);
    const [item] = await inboxOf(a, 'message');
    expect(await inboxOf(a, 'message')).toHaveLength(1);
    expect(a.cards.filter((c) => c.type === 'message').map((c) => c.notification_id)).toEqual([item!.id, item!.id, item!.id]);

    // Once read, the room's next message makes a new unread item.
    await t.database.db.updateTable('notifications').set({ is_read: true }).where('id', '=', item!.id).execute();
    expect((await call(b, 'POST', '/chat/messages', { chat_room_id: match.chat_room_id, message: 'Four' })).statusCode).toBe(201);
    await until(() => a.cards.filter((c) => c.type === 'message').length === 4);
    await settled(a);
    const items = await inboxOf(a, 'message');
    expect(items).toHaveLength(2);
    const unread = items.find((n) => !n.is_read);
    expect(unread?.id).not.toBe(item!.id);
    expect(a.cards.filter((c) => c.type === 'message').at(-1)!.notification_id).toBe(unread!.id);
  });

  it('follows the member’s switches: push off, in-app off — the inbox keeps the item either way', async () => {
    const a = await member('Aziza');
    const b = await member('Bo');
    expect((await call(a, 'PUT', '/settings', { notifications: { like: { push: false }, profile_view: { in_app: false } } })).statusCode).toBe(200);
    expect((await call(b, 'POST', `/matches/${a.user.id}/like`)).statusCode).toBe(200);
    expect((await call(b, 'GET', `/users/${a.user.id}`)).statusCode).toBe(200);
    await settled(a);
    expect((await inboxOf(a)).map((n) => n.type).sort()).toEqual(['like', 'profile_view']);
    expect(a.cards.map((c) => c.type)).toEqual(['like']);
    expect(pushesTo(a).map((p) => p.payload.data.type)).toEqual(['profile_view']);
  });

  it('never shows a free member who liked or visited them, in the card, the push or the inbox', async () => {
    const free = await member('Fiona', { premium: false });
    const b = await member('Secret Admirer');
    expect((await call(b, 'POST', `/matches/${free.user.id}/like`)).statusCode).toBe(200);
    expect((await call(b, 'GET', `/users/${free.user.id}`)).statusCode).toBe(200);
    await settled(free);
    const seen = JSON.stringify([free.cards, pushesTo(free).map((p) => p.payload), (await call(free, 'GET', '/feed/notifications')).json()]);
    expect(free.cards).toHaveLength(2);
    expect(pushesTo(free)).toHaveLength(2);
    expect(seen).not.toContain('Secret Admirer');
    expect(seen).not.toContain(b.user.id);
    expect(pushesTo(free)[0]!.payload.body).toBe('Upgrade to Premium to see who likes you.');
  });

  it('collapses likes within the window into one push that says how many, taken by one job run only', async () => {
    const a = await member('Asha');
    const likers = await Promise.all(['Lindo', 'Mpho', 'Naledi'].map((name) => member(name)));
    for (const liker of likers) expect((await call(liker, 'POST', `/matches/${a.user.id}/like`)).statusCode).toBe(200);
    await settled(a);
    expect(await inboxOf(a, 'like')).toHaveLength(3);
    expect(a.cards.filter((c) => c.type === 'like')).toHaveLength(3);
    expect(pushesTo(a).map((p) => p.payload.body)).toEqual(['Lindo liked you.']);

    clock.set(new Date(clock.now().getTime() + 6 * MINUTE).toISOString());
    try {
      await Promise.all([t.app.services.notificationJobs.tick(), t.app.services.notifications.flushCollapsed()]);
      await settled(a);
      expect(pushesTo(a).map((p) => p.payload.body)).toEqual(['Lindo liked you.', '3 people liked you']);
      expect(pushesTo(a)[1]!.payload.tag).toBe('like');
    } finally {
      clock.set(new Date().toISOString());
    }
  });

  it('sends nothing between members who blocked each other or unmatched', async () => {
    const a = await member('Abla');
    const b = await member('Blocker');
    // Snapshot first: a card or push sent before the block is checked must not hide in "before".
    await settled(a, b);
    const received = async () => ({ cards: a.cards.length, pushes: pushesTo(a).length, inbox: (await inboxOf(a)).length });
    const beforeBlock = await received();
    expect((await call(b, 'POST', `/users/${a.user.id}/block`)).statusCode).toBeLessThan(300);
    await t.app.services.notifications.notify({ userId: a.user.id, type: 'like', actorId: b.user.id });
    expect((await call(b, 'GET', `/users/${a.user.id}`)).statusCode).toBe(404);
    await settled(a, b);
    expect(await received()).toEqual(beforeBlock);

    const c = await member('Cebo');
    const match = await matchPair(a, c);
    await settled(a, b, c);
    const before = await received();
    expect((await call(c, 'DELETE', `/matches/${match.id}`)).statusCode).toBe(200);
    await t.app.services.notifications.notify({ userId: a.user.id, type: 'message', actorId: c.user.id, chatRoomId: match.chat_room_id, text: 'after' });
    await settled(a);
    expect(await received()).toEqual(before);
    expect(await inboxOf(a, 'like')).toHaveLength(0);
  });

  it('retries a push the service could not take (500), and deletes a subscription the service says is gone (410)', async () => {
    const a = await member('Retry');
    const b = await member('Liker');
    const path = push.pathOf(a.subscription);
    let failures = 0;
    push.answerWith((p) => (p === path && failures++ < 1 ? 500 : 201));
    expect((await call(b, 'POST', `/matches/${a.user.id}/super-like`)).statusCode).toBe(200);
    await settled(a);
    expect(failures).toBe(2);
    // The service received it twice (once refused), the member's device keeps working.
    expect(pushesTo(a)).toHaveLength(2);
    expect(await t.database.db.selectFrom('push_devices').select('id').where('user_id', '=', a.user.id).execute()).toHaveLength(1);

    push.answerWith((p) => (p === path ? 410 : 201));
    expect((await call(b, 'GET', `/users/${a.user.id}`)).statusCode).toBe(200);
    await settled(a);
    expect(await t.database.db.selectFrom('push_devices').select('id').where('user_id', '=', a.user.id).execute()).toHaveLength(0);
    push.answerWith(() => 201);
  });

  it('sends a chat message at once however slow the push service is', async () => {
    const a = await member('Slowpoke');
    const b = await member('Speedy');
    const match = await matchPair(a, b);
    await settled(a, b);
    const path = push.pathOf(a.subscription);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    push.answerWith(async (p) => {
      if (p === path) await held;
      return 201;
    });
    try {
      const started = Date.now();
      expect((await call(b, 'POST', '/chat/messages', { chat_room_id: match.chat_room_id, message: 'Quick!' })).statusCode).toBe(201);
      expect((await call(b, 'POST', '/chat/messages', { chat_room_id: match.chat_room_id, message: 'Again' })).statusCode).toBe(201);
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      release();
      push.answerWith(() => 201);
    }
    await until(() => pushesTo(a).filter((p) => p.payload.data.type === 'message').length === 2);
  });

  it('pushes to native devices through FCM HTTP v1 and deletes a token FCM calls UNREGISTERED', async () => {
    const a = await member('Android', { web: false });
    const b = await member('Sender');
    const token = `fcm-${Date.now()}-${'x'.repeat(100)}`;
    expect((await call(a, 'POST', '/user/fcm-token', { fcm_token: token, device_type: 'android' })).statusCode).toBe(200);
    expect((await call(b, 'POST', `/matches/${a.user.id}/like`)).statusCode).toBe(200);
    await settled(a);
    const sent = fcm.received.filter((m) => m.token === token);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      notification: { title: 'Someone likes you', body: 'Sender liked you.' },
      data: { type: 'like', sender_id: b.user.id, sender_name: 'Sender', action: 'view_profile' },
      android: { collapse_key: 'like', notification: { channel_id: NATIVE_APP.pushChannel.id } },
      // iOS plays a sound only when the payload names one (issue 34 item 12).
      apns: { payload: { aps: { sound: NATIVE_APP.pushSound } } },
    });
    expect(Object.values(sent[0]!.data).every((v) => typeof v === 'string')).toBe(true);

    fcm.dead.add(token);
    expect((await call(b, 'GET', `/users/${a.user.id}`)).statusCode).toBe(200);
    await settled(a);
    expect(await t.database.db.selectFrom('push_devices').select('id').where('user_id', '=', a.user.id).execute()).toHaveLength(0);
  });

  it('stops pushing to a device once its session logs out', async () => {
    const a = await member('Leaving');
    const b = await member('Stayer');
    expect((await call(a, 'POST', '/auth/logout')).statusCode).toBe(200);
    expect(await t.database.db.selectFrom('push_devices').select('id').where('user_id', '=', a.user.id).execute()).toHaveLength(0);
    expect((await call(b, 'POST', `/matches/${a.user.id}/like`)).statusCode).toBe(200);
    await settled();
    expect(pushesTo(a)).toHaveLength(0);
  });
});

/**
 * Real server processes (`src/main.ts`) on a database of their own in this file's dialect, made
 * before the block's test and removed after it, with the processes stopped.
 */
function serverProcesses() {
  let dataDir = '';
  let database: TestDatabase | undefined;
  let handle: { db: Kysely<Database>; close(): Promise<void> } | undefined;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    dataDir = makeDataDir();
    if (testDialect() === 'postgres') database = await createTestDatabase({ dialect: 'postgres' });
    handle = database ?? createDatabase({ dataDir });
    await migrateToLatest(handle.db);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    if (database) await database.destroy();
    else await handle?.close();
    removeDataDir(dataDir);
  });
  return {
    db: () => handle!.db,
    /** Starts one more process on the database, with `env` added to its environment. */
    async start(env: Record<string, string>): Promise<ServerProcess> {
      const server = await startServerProcess({ DATA_DIR: dataDir, ...(database?.url ? { DATABASE_URL: database.url } : {}), ...env });
      servers.push(server);
      return server;
    },
  };
}

describe('the reminder job across processes', () => {
  const processes = serverProcesses();

  it('reminds a member away for two days with an unanswered like once, though two server processes run the job', async () => {
    const db = processes.db();
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 60 * MINUTE).toISOString();
    const away = await buildUser(db, { name: 'Away', last_active_at: threeDaysAgo });
    const liker = await buildUser(db, { name: 'Waiting' });
    await buildLike(db, liker, away);
    const reminders = () => db.selectFrom('notifications').selectAll().where('user_id', '=', away.id).where('type', '=', 'reminder').execute();

    const env = { NOTIFICATION_JOB_INTERVAL_MS: '100', LOG_LEVEL: 'debug' };
    const servers = await Promise.all([processes.start(env), processes.start(env)]);
    // Wait until each process has found the hour's slot taken at least once — the one that claimed
    // it does on its next round — so the claim is settled wherever it happened: exactly one claimed it.
    await Promise.all(servers.map((s) => s.waitForOutput(/"job":"reminder".*"ran":false.*"msg":"job slot"/, 60_000)));
    const runs = servers.map((s) => (s.output().match(/"job":"reminder".*"ran":true.*"msg":"job slot"/g) ?? []).length);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    // The claimer runs the job after its claim (a queued job): its reminder arrives, and only one.
    await until(async () => (await reminders()).length > 0, 30_000);
    const rows = await reminders();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title: 'People are waiting for you', body: '1 person liked you while you were away.' });
    // Two real server processes start here: seconds each on a busy 2-core machine.
  }, 90_000);
});

describe('a push waiting for a retry, across a restart', () => {
  const processes = serverProcesses();
  let push: Awaited<ReturnType<typeof startFakePushService>>;
  beforeAll(async () => {
    push = await startFakePushService();
  });
  afterAll(() => push.close());

  it('is sent by the next server process when the one that queued it stopped before its retry', async () => {
    const db = processes.db();
    const patient = await buildUser(db, { name: 'Patient' });
    const eager = await buildUser(db, { name: 'Eager' });
    const waiting = () => db.selectFrom('push_retries').selectAll().execute();
    // The push service is down until the first process has stopped.
    let up = false;
    const answers: number[] = [];
    push.answerWith(() => {
      answers.push(up ? 201 : 503);
      return answers.at(-1)!;
    });

    // A retry 5 s away: time enough to stop the process before it comes.
    const env = { PUSH_RETRY_BASE_MS: '5000', NOTIFICATION_JOB_INTERVAL_MS: '200', TEST_ONLY_LOOPBACK_PUSH_SERVICE: 'true' };
    const first = await processes.start(env);
    const api = async (server: ServerProcess, path: string, token: string | null, body: object) => {
      const res = await fetch(`${server.origin}/api${path}`, {
        method: 'POST', headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) }, body: JSON.stringify(body),
      });
      expect(res.status, path).toBe(200);
      return ((await res.json()) as { data: { token: string } }).data;
    };
    const [patientToken, eagerToken] = await Promise.all([patient, eager].map(async (u) => (await api(first, '/auth/login', null, { email: u.email, password: FACTORY_PASSWORD })).token));
    const subscription = push.subscribe();
    await api(first, '/user/fcm-token', patientToken!, { fcm_token: subscription, device_type: 'web' });
    await api(first, `/matches/${patient.id}/like`, eagerToken!, {});
    await until(async () => (await waiting()).length === 1, 10_000);
    await first.stop();
    expect(answers).toEqual([503]);
    expect(await waiting()).toEqual([expect.objectContaining({ attempt: 2 })]);

    up = true;
    await processes.start(env);
    await until(() => answers.includes(201), 30_000);
    const delivered = push.received.filter((r) => r.path === push.pathOf(subscription));
    // The first try (refused) and the retry, decrypted alike (a free member: the liker stays hidden).
    expect(delivered.map((r) => r.payload.body)).toEqual(['Upgrade to Premium to see who likes you.', 'Upgrade to Premium to see who likes you.']);
    expect(delivered[1]!.payload.data).toMatchObject({ type: 'like' });
    await until(async () => (await waiting()).length === 0);
    expect(answers).toEqual([503, 201]);
  }, 120_000);
});
