import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, NewMessagePayload } from '@linkup/contract';
import { openSocket, record, until } from './helpers/sockets';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/database';
import { startServerProcess, type ServerProcess } from './helpers/server-process';
import { makeDataDir, removeDataDir } from './helpers/isolation';
import { api, matchOverApi, registerOnboarded } from './helpers/remote';


describe('chat survives a crash: every acknowledged message is kept, none twice', () => {
  let dataDir: string;
  let current: ServerProcess | undefined;
  let database: TestDatabase | undefined;
  let env: Record<string, string>;
  beforeAll(async () => {
    dataDir = makeDataDir();
    // On the PostgreSQL run the crashing server uses PostgreSQL too; otherwise its own SQLite file.
    if (testDialect() === 'postgres') database = await createTestDatabase({ dialect: 'postgres' });
    env = { DATA_DIR: dataDir, ...(database?.url ? { DATABASE_URL: database.url } : {}) };
  });
  afterAll(async () => {
    await current?.stop();
    await database?.destroy();
    removeDataDir(dataDir);
  });
  /** The server of this block, started if no test left one running. */
  const running = async (): Promise<ServerProcess> => {
    if (!current || current.child.exitCode !== null || current.child.signalCode !== null) current = await startServerProcess(env);
    return current;
  };

  it('kills the server (SIGKILL) in the middle of a stream of sends, restarts it, and the client’s retries complete the stream', async () => {
    let server = await running();
    const port = server.port;
    const alice = await registerOnboarded(server.origin, 'Alice');
    const bob = await registerOnboarded(server.origin, 'Bob');
    await matchOverApi(server.origin, alice, bob);
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

    // The restarted server takes the port the killed one held, as a restarted machine would.
    server = current = await startServerProcess(env, { port });
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
    const server = await running();
    const alice = await registerOnboarded(server.origin, 'Carla');
    const bob = await registerOnboarded(server.origin, 'Dan');
    await matchOverApi(server.origin, alice, bob);
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
