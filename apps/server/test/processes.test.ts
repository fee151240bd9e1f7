// Several server processes behind one load balancer, as production runs them (DESIGN §2): real
// `src/main.ts` processes sharing PostgreSQL and Redis. Tests of one app instance or of two in
// this Node process live beside the feature; these say "across processes" and mean it.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, DiscoverPage, NewMessagePayload, NotificationPayload } from '@linkup/contract';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { makeDataDir, removeDataDir } from './helpers/isolation';
import { api, matchOverApi, randomIp, registerOnboarded } from './helpers/remote';
import { allOf, needsEnv, onlyOn } from './helpers/requires';
import { SERVER_START_MS, startServerProcess, type ServerProcess } from './helpers/server-process';
import { openSocket, record, until } from './helpers/sockets';

const SIGN_IN_LIMIT = 10;

// Once per run: on the PostgreSQL pass of the suite (the SQLite pass would repeat it word for word).
describe('two server processes sharing PostgreSQL and Redis', allOf(needsEnv('TEST_DATABASE_URL', 'REDIS_URL'), onlyOn('postgres')), () => {
  let database: TestDatabase;
  let one: ServerProcess;
  let two: ServerProcess;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = makeDataDir();
    database = await createTestDatabase({ dialect: 'postgres' });
    // TRUST_PROXY: each test speaks from its own address (X-Forwarded-For), so the sign-in limit
    // one test exhausts is not another's.
    const env = {
      DATABASE_URL: database.url!, REDIS_URL: process.env.REDIS_URL!, DATA_DIR: dataDir,
      TRUST_PROXY: 'true', AUTH_RATE_LIMIT_MAX: String(SIGN_IN_LIMIT),
    };
    [one, two] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, SERVER_START_MS + 30_000);
  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await database?.destroy();
    if (dataDir) removeDataDir(dataDir);
  });

  it('a message sent through one process reaches a socket connected to the other, on the room and the member channel', async () => {
    const from = randomIp();
    const alice = await registerOnboarded(one.origin, 'Erin', from);
    const bob = await registerOnboarded(two.origin, 'Femi', from);
    // Matched: Alice's message is a conversation's (a stranger's would be a request, told to Bob quietly).
    await matchOverApi(one.origin, alice, bob);
    const room = await api<{ id: string }>(two.origin, bob.token, 'POST', '/chat/rooms', { user_id: alice.id });
    const socket = await openSocket(two.origin, bob.token);
    try {
      expect(await socket.emitWithAck('subscribe', `chat.room.${room.data.id}`)).toEqual({ ok: true });
      const onRoom = record<{ message: ChatMessage }>(socket, 'message.sent');
      const onMember = record<NewMessagePayload>(socket, 'NewMessage');
      const sent = await api<ChatMessage>(one.origin, alice.token, 'POST', '/chat/messages', { chat_room_id: room.data.id, message: 'across processes' });
      expect(sent.status).toBe(201);
      await until(() => onRoom.length === 1 && onMember.length === 1, 5000);
      expect(onRoom[0]!.message.id).toBe(sent.data.id);
      expect(onMember[0]).toMatchObject({ chat_room_id: room.data.id, message: { message: 'across processes' } });
    } finally {
      socket.close();
    }
  });

  it('tells a member of a message only where no socket of theirs on any process follows that room; their token never crosses Redis', async () => {
    const from = randomIp();
    const [ben, ada, cai] = [await registerOnboarded(two.origin, 'Ben', from), await registerOnboarded(one.origin, 'Ada', from), await registerOnboarded(one.origin, 'Cai', from)];
    await matchOverApi(one.origin, ada, ben);
    await matchOverApi(one.origin, cai, ben);
    const withAda = await api<{ id: string }>(one.origin, ada.token, 'POST', '/chat/rooms', { user_id: ben.id });
    const withCai = await api<{ id: string }>(one.origin, cai.token, 'POST', '/chat/rooms', { user_id: ben.id });
    // Every command Redis runs meanwhile: the processes ask each other about Ben's sockets (his
    // socket count as it connects, whether it follows a room as a message arrives).
    const monitor = await new Redis(process.env.REDIS_URL!).monitor();
    const commands: string[] = [];
    monitor.on('monitor', (_time: string, args: unknown[]) => commands.push(args.map(String).join(' ')));
    // Ben has the chat with Ada open on process two; the one with Cai is not open anywhere.
    const socket = await openSocket(two.origin, ben.token);
    try {
      expect(await socket.emitWithAck('subscribe', `chat.room.${withAda.data.id}`)).toEqual({ ok: true });
      const notes = record<NotificationPayload>(socket, 'notification');
      const onRoom = record<{ message: ChatMessage }>(socket, 'message.sent');
      // Both sent through process one, which asks process two.
      expect((await api(one.origin, ada.token, 'POST', '/chat/messages', { chat_room_id: withAda.data.id, message: 'in the open chat' })).status).toBe(201);
      await until(() => onRoom.length === 1, 5000);
      expect((await api(one.origin, cai.token, 'POST', '/chat/messages', { chat_room_id: withCai.data.id, message: 'in a closed chat' })).status).toBe(201);
      // (A match's notification may still arrive: only the messages' count here.)
      const aboutMessages = () => notes.filter((n) => n.type === 'message');
      await until(() => aboutMessages().length >= 1, 5000);
      expect(aboutMessages().map((n) => n.chat_room_id)).toEqual([withCai.data.id]);
      expect(commands.some((c) => c.includes('PUBLISH') || c.includes('publish'))).toBe(true);
      expect(commands.filter((c) => c.includes(ben.token)).map((c) => c.slice(0, 300))).toEqual([]);
    } finally {
      socket.close();
      monitor.disconnect();
    }
  });

  it('counts sign-in attempts from one address on both processes together', async () => {
    const from = randomIp();
    const attempt = (server: ServerProcess) =>
      api(server.origin, null, 'POST', '/auth/login', { email: 'nobody@example.test', password: 'wrong-password' }, from);
    for (let i = 0; i < SIGN_IN_LIMIT / 2; i++) expect((await attempt(one)).status).toBe(401);
    for (let i = 0; i < SIGN_IN_LIMIT / 2; i++) expect((await attempt(two)).status).toBe(401);
    expect((await attempt(one)).status).toBe(429);
    expect((await attempt(two)).status).toBe(429);
  });

  it('counts first messages on both processes together: a new account starts 3 conversations a day, wherever it sends', async () => {
    const from = randomIp();
    const sender = await registerOnboarded(one.origin, 'Gugu', from);
    const strangers = await Promise.all(['Hana', 'Iman', 'Jade', 'Kira'].map((name, i) => registerOnboarded(i % 2 ? two.origin : one.origin, name, from)));
    const firstMessage = async (server: ServerProcess, to: { id: string }) => {
      const room = await api<{ id: string }>(server.origin, sender.token, 'POST', '/chat/rooms', { user_id: to.id }, from);
      return api(server.origin, sender.token, 'POST', '/chat/messages', { chat_room_id: room.data.id, message: `Hello from ${server.origin}` }, from);
    };
    const statuses = [];
    for (const [i, stranger] of strangers.entries()) statuses.push((await firstMessage(i % 2 ? two : one, stranger)).status);
    // Counted per process, the fourth (the second through process two) would pass.
    expect(statuses).toEqual([201, 201, 201, 429]);
    const refused = await firstMessage(one, strangers[3]!);
    expect(refused).toMatchObject({ status: 429, code: 'first_message_limit' });
  });

  it('serves one discover queue from both processes: a pass through one is gone from the next page of the other', async () => {
    const from = randomIp();
    const viewer = await registerOnboarded(one.origin, 'Lulu', from);
    const candidates = await Promise.all(['Mpho', 'Nala', 'Olga'].map((name) => registerOnboarded(two.origin, name, from)));
    const shownBy = async (server: ServerProcess) => {
      const page = await api<DiscoverPage>(server.origin, viewer.token, 'GET', '/matches/discover?per_page=50', undefined, from);
      expect(page.status).toBe(200);
      return page.data.items.map((card) => card.id);
    };
    const ids = candidates.map((c) => c.id);
    expect(await shownBy(one)).toEqual(expect.arrayContaining(ids));
    expect(await shownBy(two)).toEqual(expect.arrayContaining(ids));
    expect((await api(two.origin, viewer.token, 'POST', `/matches/${ids[0]}/pass`, {}, from)).status).toBe(200);
    for (const server of [one, two]) {
      const shown = await shownBy(server);
      expect(shown).not.toContain(ids[0]);
      expect(shown).toEqual(expect.arrayContaining(ids.slice(1)));
    }
    // A like through process one is gone from process two's page too.
    expect((await api(one.origin, viewer.token, 'POST', `/matches/${ids[1]}/like`, {}, from)).status).toBe(200);
    expect(await shownBy(two)).not.toContain(ids[1]);
  });

  it('a session ended through one process is refused by the other at once, over HTTP, and its socket there is closed', async () => {
    const from = randomIp();
    const member = await registerOnboarded(one.origin, 'Gugu', from);
    expect((await api(two.origin, member.token, 'GET', '/auth/user')).status).toBe(200);
    const socket = await openSocket(two.origin, member.token);
    try {
      const disconnected = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
      expect((await api(one.origin, member.token, 'POST', '/auth/logout', undefined, from)).status).toBe(200);
      expect((await api(two.origin, member.token, 'GET', '/auth/user')).status).toBe(401);
      // Closed by the server (issue #12 item 1), not merely refused at its next command.
      expect(await disconnected).toBe('io server disconnect');
    } finally {
      socket.close();
    }
  });
});
