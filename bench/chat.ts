// Chat delivery benchmark (`npm run bench:chat`). N sockets in pairs; one member of each pair
// sends messages through the real path (HTTP POST /api/chat/messages → SQLite commit → Socket.IO)
// at a fixed total rate; the partner's socket receives NewMessage. Reports send→deliver p50/p99
// and delivered/sent, beside a bare Socket.IO relay (client emit → server → partner) with the
// same sockets and rate in the same run, so the ratio says what the product adds. Loopback only,
// bounded in time. Results: bench/results/chat-latest.{json,md}.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, sleep } from './support';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { createDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { ChatRepository } from '../apps/server/src/modules/chat/chat.repository';
import { hashPassword } from '../apps/server/src/modules/auth/password';
import { hashToken, newSessionToken } from '../apps/server/src/modules/auth/tokens';
import { newId } from '../apps/server/src/lib/ids';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const int = (raw: string | undefined, fallback: number, min: number, max: number) => {
  const n = Number.parseInt(raw ?? '', 10);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
};
const SOCKETS = int(process.env.BENCH_CHAT_SOCKETS, 1000, 2, 4000) & ~1;
const RATE = int(process.env.BENCH_CHAT_RATE, 2000, 1, 20_000);
const SECONDS = int(process.env.BENCH_CHAT_SECONDS, 10, 1, 60);
const DRAIN_MS = 3000;


function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

interface RunResult {
  name: string; sent: number; delivered: number; failedSends: number;
  p50_ms: number; p99_ms: number; max_ms: number; achieved_rate: number;
}

function summarise(name: string, sent: number, failed: number, latencies: number[], elapsedMs: number): RunResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    name, sent, delivered: sorted.length, failedSends: failed,
    p50_ms: round(percentile(sorted, 50)), p99_ms: round(percentile(sorted, 99)), max_ms: round(sorted.at(-1) ?? NaN),
    achieved_rate: Math.round((sent / elapsedMs) * 1000),
  };
}
const round = (n: number) => Math.round(n * 100) / 100;

/** Sends `RATE` messages a second for SECONDS, spread over the pairs, through `send`. */
async function drive(pairs: number, send: (pair: number, seq: number) => Promise<boolean>) {
  let sent = 0;
  let failed = 0;
  const pending: Promise<void>[] = [];
  const started = performance.now();
  const total = RATE * SECONDS;
  const tickMs = 10;
  for (let tick = 0; sent + failed < total; tick++) {
    const due = Math.min(total, Math.round(((tick + 1) * tickMs * RATE) / 1000));
    while (sent + failed + pending.length < due && sent + failed + pending.length < total) {
      const seq = sent + failed + pending.length;
      const p = send(seq % pairs, seq).then((ok) => {
        if (ok) sent++;
        else failed++;
        pending.splice(pending.indexOf(p), 1);
      });
      pending.push(p);
    }
    const wait = started + (tick + 1) * tickMs - performance.now();
    if (wait > 0) await sleep(wait);
    if (performance.now() - started > SECONDS * 1000 * 3) break;
  }
  await Promise.all(pending);
  return { sent, failed, elapsedMs: performance.now() - started };
}

async function connectAll(origin: string, tokens: (string | undefined)[], extra: (i: number) => Record<string, unknown> = () => ({})) {
  const sockets: Socket[] = [];
  for (let i = 0; i < tokens.length; i += 50) {
    const batch = tokens.slice(i, i + 50).map((token, j) => new Promise<Socket>((resolve, reject) => {
      const socket = connect(origin, { path: '/socket.io', transports: ['websocket'], reconnection: false, auth: { ...(token ? { token } : {}), ...extra(i + j) } });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    }));
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

async function productRun(): Promise<RunResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-bench-chat-'));
  const database = createDatabase({ dataDir });
  await migrateToLatest(database.db);
  // Members, sessions and rooms straight into the database: registering 1,000 members through
  // argon2 would measure password hashing, not chat.
  const passwordHash = await hashPassword('bench-password-1');
  const now = new Date().toISOString();
  const members = Array.from({ length: SOCKETS }, (_, i) => ({ id: newId(), token: newSessionToken(), i }));
  for (let i = 0; i < members.length; i += 200) {
    const chunk = members.slice(i, i + 200);
    await database.db.insertInto('users').values(chunk.map((m) => ({
      id: m.id, name: `Bench ${m.i}`, email: `bench${m.i}@bench.test`, phone_number: null, password_hash: passwordHash,
      date_of_birth: '1990-01-01', gender: 'female', about: null, city: null, province: null, location_cell: null, marital_status: null,
      body_type: null, relationship_type: null, how_often_drink: null, love_language: null, height_cm: null, job_title: null, education: null,
      profile_completed: true, onboarding_completed_at: now, email_verified_at: now, phone_verified_at: now, is_demo: false,
      last_active_at: now, created_at: now, updated_at: now,
    }))).execute();
    await database.db.insertInto('sessions').values(chunk.map((m) => ({
      id: newId(), user_id: m.id, token_hash: hashToken(m.token), user_agent: 'bench', ip: '127.0.0.1',
      created_at: now, last_used_at: now, expires_at: new Date(Date.now() + 86_400_000).toISOString(), revoked_at: null,
    }))).execute();
  }
  const repo = new ChatRepository(database.db);
  const rooms: string[] = [];
  for (let p = 0; p < SOCKETS / 2; p++) {
    const [a, b] = [members[2 * p]!, members[2 * p + 1]!];
    rooms.push(await repo.createRoom({ pairKey: [a.id, b.id].sort().join(':'), createdBy: a.id, now, members: [{ userId: a.id, name: 'x' }, { userId: b.id, name: 'y' }] }));
  }
  await database.close();

  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, SEED_DEMO_DATA: 'false', LOG_LEVEL: 'silent',
      DATABASE_URL: '', REDIS_URL: '', RATE_LIMIT_MAX: '10000000', CHAT_MESSAGES_PER_MINUTE: '10000000',
    },
    stdio: 'ignore',
  });
  const origin = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${origin}/api/health`)).ok) break;
      } catch {
        // starting
      }
      if (i > 600) throw new Error('server did not start');
      await sleep(100);
    }
    const sockets = await connectAll(origin, members.map((m) => m.token));
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    sockets.forEach((socket, i) => {
      if (i % 2 === 0) return; // receivers are the odd members
      socket.on('NewMessage', (payload: { message: { client_id?: string | null } }) => {
        const t0 = payload.message.client_id ? sentAt.get(payload.message.client_id) : undefined;
        if (t0 !== undefined) latencies.push(performance.now() - t0);
      });
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    const post = (token: string, body: string) => new Promise<number>((resolve) => {
      const req = http.request(`${origin}/api/chat/messages`, {
        method: 'POST', agent, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', () => resolve(0));
      req.end(body);
    });
    const { sent, failed, elapsedMs } = await drive(SOCKETS / 2, async (pair, seq) => {
      const clientId = `bench-${seq}-${pair}`;
      sentAt.set(clientId, performance.now());
      const status = await post(members[2 * pair]!.token, JSON.stringify({ chat_room_id: rooms[pair], message: `hello ${seq}`, client_id: clientId }));
      return status === 201;
    });
    await sleep(DRAIN_MS);
    agent.destroy();
    sockets.forEach((s) => s.close());
    return summarise('LinkUp (HTTP send → commit → Socket.IO NewMessage)', sent, failed, latencies, elapsedMs);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function relayRun(): Promise<RunResult> {
  const httpServer = http.createServer();
  const io = new Server(httpServer, { path: '/socket.io', serveClient: false });
  io.on('connection', (socket) => {
    const index = Number(socket.handshake.auth.index);
    void socket.join(`member:${index}`);
    socket.on('m', (payload: { to: number; id: string }) => {
      io.to(`member:${payload.to}`).emit('NewMessage', payload);
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => httpServer.listen(port, '127.0.0.1', resolve));
  try {
    const sockets = await connectAll(`http://127.0.0.1:${port}`, Array.from({ length: SOCKETS }, () => undefined), (i) => ({ index: i }));
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    sockets.forEach((socket, i) => {
      if (i % 2 === 0) return;
      socket.on('NewMessage', (payload: { id: string }) => {
        const t0 = sentAt.get(payload.id);
        if (t0 !== undefined) latencies.push(performance.now() - t0);
      });
    });
    const { sent, failed, elapsedMs } = await drive(SOCKETS / 2, async (pair, seq) => {
      const id = `relay-${seq}`;
      sentAt.set(id, performance.now());
      sockets[2 * pair]!.emit('m', { to: 2 * pair + 1, id, message: `hello ${seq}` });
      return true;
    });
    await sleep(DRAIN_MS);
    sockets.forEach((s) => s.close());
    return summarise('bare Socket.IO relay (emit → server → partner)', sent, failed, latencies, elapsedMs);
  } finally {
    io.close();
  }
}

async function main() {
  const guard = setTimeout(() => {
    process.stderr.write('chat bench: overall time limit reached\n');
    process.exit(1);
  }, 5 * 60 * 1000);
  guard.unref();
  process.stdout.write(`chat bench: ${SOCKETS} sockets (${SOCKETS / 2} pairs), ${RATE} messages/s for ${SECONDS} s\n`);
  const relay = await relayRun();
  process.stdout.write(`${JSON.stringify(relay)}\n`);
  const product = await productRun();
  process.stdout.write(`${JSON.stringify(product)}\n`);
  const result = {
    date: new Date().toISOString(), machine: { cpus: os.availableParallelism(), node: process.version },
    settings: { sockets: SOCKETS, rate_per_second: RATE, seconds: SECONDS }, runs: [relay, product],
    ratio_p99: round(product.p99_ms / relay.p99_ms), target: 'p99 ≤ 25 ms at 2,000 messages/s with 1,000 sockets, 100% delivered',
  };
  const rows = result.runs.map((r) => `| ${r.name} | ${r.sent} | ${r.delivered} (${((r.delivered / Math.max(1, r.sent)) * 100).toFixed(1)}%) | ${r.achieved_rate}/s | ${r.p50_ms} | ${r.p99_ms} | ${r.max_ms} |`);
  const md = [
    `# Chat delivery benchmark — ${result.date}`, '',
    `${SOCKETS} sockets in ${SOCKETS / 2} pairs, ${RATE} messages/s for ${SECONDS} s, loopback, ${result.machine.cpus} CPUs, Node ${result.machine.node}.`, '',
    '| path | sent | delivered | rate | p50 ms | p99 ms | max ms |', '|---|---|---|---|---|---|---|', ...rows, '',
    `p99 ratio LinkUp / bare relay: ${result.ratio_p99}. Target: ${result.target}.`, '',
  ].join('\n');
  fs.mkdirSync(path.join(benchDir, 'results'), { recursive: true });
  fs.writeFileSync(path.join(benchDir, 'results', 'chat-latest.json'), `${JSON.stringify(result, null, 2)}\n`);
  fs.writeFileSync(path.join(benchDir, 'results', 'chat-latest.md'), md);
  process.stdout.write(`\n${md}`);
}

main().then(() => process.exit(0), (error: unknown) => {
  process.stderr.write(`chat bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
