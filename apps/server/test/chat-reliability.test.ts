import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, NewMessagePayload } from '@linkup/contract';
import { openSocket, record, until } from './helpers/sockets';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/database';
import { startServerProcess, type ServerProcess } from './helpers/server-process';

interface Session { token: string; id: string }
let seq = 0;

async function register(origin: string, name: string): Promise<Session> {
  const n = `${Date.now() % 1_000_000}${seq++}`.padStart(7, '0').slice(-7);
  const res = await fetch(`${origin}/api/auth/register`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name, email: `${name.toLowerCase()}.${n}.${seq}@example.test`, mobile: `+2787${n}`,
      password: 'steady-river-51', password_confirmation: 'steady-river-51', date_of_birth: '1994-03-03', gender: 'female', terms_accepted: true,
    }),
  });
  const body = (await res.json()) as { data: { token: string; user: { id: string } } };
  if (res.status !== 201) throw new Error(JSON.stringify(body));
  return { token: body.data.token, id: body.data.user.id };
}

async function api<T>(origin: string, token: string, method: string, url: string, payload?: object): Promise<{ status: number; data: T }> {
  const res = await fetch(`${origin}/api${url}`, {
    method, headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { body: JSON.stringify(payload) } : {}),
  });
  const body = (await res.json()) as { data: T };
  return { status: res.status, data: body.data };
}

describe('chat survives a crash: every acknowledged message is kept, none twice', () => {
  let dataDir: string;
  let server: ServerProcess;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-crash-'));
    // On the PostgreSQL run the crashing server uses PostgreSQL too; otherwise its own SQLite file.
    if (testDialect() === 'postgres') database = await createTestDatabase({ dialect: 'postgres' });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('kills the server (SIGKILL) in the middle of a stream of sends, restarts it, and the client’s retries complete the stream', async () => {
    const env = { DATA_DIR: dataDir, ...(database?.url ? { DATABASE_URL: database.url } : {}) };
    server = await startServerProcess(env);
    const port = Number(new URL(server.origin).port);
    const alice = await register(server.origin, 'Alice');
    const bob = await register(server.origin, 'Bob');
    const room = await api<{ id: string }>(server.origin, alice.token, 'POST', '/chat/rooms', { user_id: bob.id });

    const total = 300;
    const clientIds = Array.from({ length: total }, (_, i) => `crash-${Date.now()}-${i}`);
    const acknowledged = new Map<string, string>();
    let killed = false;
    // A client sending as fast as it can; the server dies after about a third of the stream.
    const stream = (async () => {
      for (let i = 0; i < total; i++) {
        if (i === 100 && !killed) {
          killed = true;
          void server.kill();
        }
        try {
          const res = await api<ChatMessage>(server.origin, alice.token, 'POST', '/chat/messages', { chat_room_id: room.data.id, message: `m${i}`, client_id: clientIds[i] });
          if (res.status === 200 || res.status === 201) acknowledged.set(clientIds[i]!, res.data.id);
        } catch {
          // connection refused while the server is down: the client will retry this one
        }
      }
    })();
    await stream;
    expect(killed).toBe(true);
    const ackedBeforeRestart = new Map(acknowledged);

    server = await startServerProcess(env, port);
    // The client retries everything it never saw acknowledged, with the same client ids.
    for (let i = 0; i < total; i++) {
      if (acknowledged.has(clientIds[i]!)) continue;
      const res = await api<ChatMessage>(server.origin, alice.token, 'POST', '/chat/messages', { chat_room_id: room.data.id, message: `m${i}`, client_id: clientIds[i] });
      expect([200, 201]).toContain(res.status);
      acknowledged.set(clientIds[i]!, res.data.id);
    }

    const stored = await api<{ items: ChatMessage[]; pagination: { total: number } }>(server.origin, bob.token, 'GET', `/chat/rooms/${room.data.id}/messages?per_page=100&page=1`);
    const all: ChatMessage[] = [...stored.data.items];
    for (let page = 2; page <= Math.ceil(stored.data.pagination.total / 100); page++) {
      all.push(...(await api<{ items: ChatMessage[] }>(server.origin, bob.token, 'GET', `/chat/rooms/${room.data.id}/messages?per_page=100&page=${page}`)).data.items);
    }
    expect(all).toHaveLength(total);
    expect(new Set(all.map((m) => m.message)).size).toBe(total);
    const storedIds = new Set(all.map((m) => m.id));
    for (const [, id] of ackedBeforeRestart) expect(storedIds.has(id)).toBe(true);
    expect(ackedBeforeRestart.size).toBeGreaterThan(50);
    expect(ackedBeforeRestart.size).toBeLessThan(total);
  }, 90_000);

  it('a client that was disconnected catches up through the API after reconnecting', async () => {
    const alice = await register(server.origin, 'Carla');
    const bob = await register(server.origin, 'Dan');
    const room = await api<{ id: string }>(server.origin, alice.token, 'POST', '/chat/rooms', { user_id: bob.id });
    const socket = await openSocket(server.origin, bob.token);
    const live = record<NewMessagePayload>(socket, 'NewMessage');
    await api(server.origin, alice.token, 'POST', '/chat/messages', { chat_room_id: room.data.id, message: 'while online' });
    await until(() => live.length === 1);
    socket.disconnect();
    for (const text of ['missed 1', 'missed 2']) await api(server.origin, alice.token, 'POST', '/chat/messages', { chat_room_id: room.data.id, message: text });
    socket.connect();
    await until(() => socket.connected);
    const rooms = await api<{ items: { id: string; unread_count: number }[] }>(server.origin, bob.token, 'GET', '/chat/rooms');
    expect(rooms.data.items.find((r) => r.id === room.data.id)?.unread_count).toBe(3);
    const messages = await api<{ items: ChatMessage[] }>(server.origin, bob.token, 'GET', `/chat/rooms/${room.data.id}/messages`);
    expect(messages.data.items.map((m) => m.message)).toEqual(['missed 2', 'missed 1', 'while online']);
    expect(live).toHaveLength(1);
    socket.close();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL && process.env.REDIS_URL)('two server processes sharing PostgreSQL and Redis', () => {
  let database: TestDatabase;
  let one: ServerProcess;
  let two: ServerProcess;
  beforeAll(async () => {
    database = await createTestDatabase({ dialect: 'postgres' });
    const env = { DATABASE_URL: database.url!, REDIS_URL: process.env.REDIS_URL!, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-two-')) };
    [one, two] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await database?.destroy();
  });

  it('a message sent through one process reaches a socket connected to the other, on the room and the member channel', async () => {
    const alice = await register(one.origin, 'Erin');
    const bob = await register(two.origin, 'Femi');
    const room = await api<{ id: string }>(two.origin, bob.token, 'POST', '/chat/rooms', { user_id: alice.id });
    const socket = await openSocket(two.origin, bob.token);
    expect(await socket.emitWithAck('subscribe', `chat.room.${room.data.id}`)).toEqual({ ok: true });
    const onRoom = record<{ message: ChatMessage }>(socket, 'message.sent');
    const onMember = record<NewMessagePayload>(socket, 'NewMessage');
    const sent = await api<ChatMessage>(one.origin, alice.token, 'POST', '/chat/messages', { chat_room_id: room.data.id, message: 'across processes' });
    expect(sent.status).toBe(201);
    await until(() => onRoom.length === 1 && onMember.length === 1, 5000);
    expect(onRoom[0]!.message.id).toBe(sent.data.id);
    expect(onMember[0]).toMatchObject({ chat_room_id: room.data.id, message: { message: 'across processes' } });
    socket.close();
  });
});
