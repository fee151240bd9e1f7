import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import autocannon, { type Result } from 'autocannon';
import type { Kysely } from 'kysely';
import { io as connect, type Socket } from 'socket.io-client';
import { createDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import type { Database } from '../apps/server/src/db/schema';
import { newId } from '../apps/server/src/lib/ids';
import { hashPassword } from '../apps/server/src/lib/password';
import { hashToken, newSessionToken } from '../apps/server/src/modules/auth/tokens';
import { ChatRepository } from '../apps/server/src/modules/chat/chat.repository';
import { systemClock } from '../apps/server/src/lib/clock';

/** A free loopback port (benchmarks start their servers on their own ports). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A whole-number setting from the environment, clamped to [min, max]; `fallback` when unset or not a number. */
export function intSetting(raw: string | undefined, fallback: number, min: number, max: number): number {
  const n = Number.parseInt(raw ?? '', 10);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves once `url` answers 2xx; rejects if `child` exits first or the time runs out. */
export async function waitForHealthy(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000}s`);
}

/** Stops a child process: SIGTERM, then SIGKILL after 10 s. */
export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Counted when this module loads, before the process pins itself to one CPU (which would make it report 1). */
export const cpuCount = os.availableParallelism();

/**
 * Pins a process (all its threads) to one CPU when the machine has two or more and `taskset`
 * exists, so a server and the load generator do not compete; `BENCH_PIN=0` turns it off.
 */
export function pin(pid: number, cpu: number): boolean {
  if (process.env.BENCH_PIN === '0' || cpuCount < 2) return false;
  try {
    execFileSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** One autocannon measurement, reduced to what the reports print. */
export interface Throughput {
  requests: number;
  /** Failed connections, timeouts and non-2xx answers. */
  errors: number;
  rps: number;
  /** Latency percentiles in ms (autocannon's resolution: whole milliseconds). */
  p50: number;
  p90: number;
  p97_5: number;
  p99: number;
  max: number;
}

/** `connections` keep-alive clients request `url` back to back for `durationSeconds` (autocannon). */
export async function measureThroughput(url: string, headers: Record<string, string>, connections: number, durationSeconds: number): Promise<{ summary: Throughput; raw: Result }> {
  const raw = await autocannon({ url, headers, connections, duration: durationSeconds, timeout: 10 });
  const { latency } = raw;
  return {
    raw,
    summary: {
      requests: raw.requests.total, errors: raw.errors + raw.timeouts + raw.non2xx, rps: Math.round(raw.requests.average),
      p50: latency.p50, p90: latency.p90, p97_5: latency.p97_5, p99: latency.p99, max: latency.max,
    },
  };
}

interface PendingRequest { head: string; body: string; resolve: (status: number) => void }

/**
 * A lean HTTP/1.1 client for load generation: keep-alive connections with one request in flight
 * each, a request written as one string, a response read just far enough to know its status and
 * where it ends (Content-Length or chunked). node:http's client spent more CPU per request than
 * the server did, on the same two cores.
 */
export class HttpPool {
  readonly #idle: HttpConnection[] = [];
  readonly #queue: PendingRequest[] = [];
  #open = 0;

  constructor(private readonly host: string, private readonly port: number, private readonly size: number) {}

  /** Resolves with the response status, or 0 if the connection failed. */
  request(method: string, path: string, headers: Record<string, string>, body = ''): Promise<number> {
    let head = `${method} ${path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    return new Promise((resolve) => this.#dispatch({ head: `${head}\r\n`, body, resolve }));
  }

  close(): void {
    for (const connection of this.#idle) connection.socket.destroy();
    this.#idle.length = 0;
  }

  #dispatch(request: PendingRequest): void {
    const connection = this.#idle.pop() ?? (this.#open < this.size ? this.#connect() : undefined);
    if (connection) connection.send(request);
    else this.#queue.push(request);
  }

  #connect(): HttpConnection {
    this.#open++;
    return new HttpConnection(net.connect(this.port, this.host), (connection) => {
      const next = this.#queue.shift();
      if (next) connection.send(next);
      else this.#idle.push(connection);
    }, () => {
      this.#open--;
      const next = this.#queue.shift();
      if (next) this.#dispatch(next);
    });
  }
}

const HEADER_END = Buffer.from('\r\n\r\n');
const CHUNKED_END = Buffer.from('\r\n0\r\n\r\n');

class HttpConnection {
  #current: PendingRequest | undefined;
  #buffer: Buffer = Buffer.alloc(0);
  #status = 0;
  /** Bytes of body still expected; -1 before the headers are read, -2 for a chunked body. */
  #remaining = -1;

  constructor(readonly socket: net.Socket, private readonly onFree: (c: HttpConnection) => void, onClose: () => void) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.#read(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      this.#current?.resolve(0);
      this.#current = undefined;
      onClose();
    });
  }

  send(request: PendingRequest): void {
    this.#current = request;
    this.socket.write(request.head + request.body);
  }

  #read(chunk: Buffer): void {
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    if (this.#remaining === -1) {
      const end = this.#buffer.indexOf(HEADER_END);
      if (end < 0) return;
      const head = this.#buffer.toString('latin1', 0, end);
      this.#status = Number(head.slice(9, 12));
      const length = /\r\ncontent-length: *(\d+)/i.exec(head);
      this.#remaining = length ? Number(length[1]) : /\r\ntransfer-encoding: *chunked/i.test(head) ? -2 : 0;
      this.#buffer = this.#buffer.subarray(end + HEADER_END.length);
    }
    const complete = this.#remaining === -2 ? this.#buffer.indexOf(CHUNKED_END) >= 0 || this.#buffer.toString('latin1', 0, 5) === '0\r\n\r\n' : this.#buffer.length >= this.#remaining;
    if (!complete) return;
    const request = this.#current;
    this.#current = undefined;
    this.#buffer = Buffer.alloc(0);
    this.#remaining = -1;
    request?.resolve(this.#status);
    this.onFree(this);
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The real server (SQLite in `dataDir`, no Redis) with the demo member and 50 others, on
 * 127.0.0.1:`port`, logging nothing; `env` adds or overrides settings (e.g. rate limits), `nodeArgs`
 * go to Node (e.g. `--cpu-prof`).
 */
export function spawnDemoServer(port: number, dataDir: string, env: Record<string, string> = {}, nodeArgs: string[] = []): ChildProcess {
  return spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED_DEMO_DATA: 'true',
      DEMO_MEMBER_COUNT: '50',
      LOG_LEVEL: 'silent',
      ...env,
    },
  });
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** CPU milliseconds (user + system) a process has used so far, from /proc on Linux (null elsewhere). */
export function processCpuMs(pid: number | undefined): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

export interface Drive { sent: number; failed: number; elapsedMs: number; serverCpuMs: number | null; clientCpuMs: number }

/** Sends `rate` messages a second for `seconds`, spread over the pairs, through `send`. */
export async function drive(rate: number, pairs: number, seconds: number, send: (pair: number, seq: number) => Promise<boolean>, serverPid?: number): Promise<Drive> {
  const serverCpuAtStart = processCpuMs(serverPid);
  const clientCpuAtStart = process.cpuUsage();
  let sent = 0;
  let failed = 0;
  let issued = 0;
  // Counters, not a list of pending promises: finding and removing each completed one was O(n).
  let allDone: (() => void) | undefined;
  const done = (ok: boolean) => {
    if (ok) sent++;
    else failed++;
    if (sent + failed === issued) allDone?.();
  };
  const started = performance.now();
  const total = rate * seconds;
  const tickMs = 10;
  for (let tick = 0; issued < total; tick++) {
    const due = Math.min(total, Math.round(((tick + 1) * tickMs * rate) / 1000));
    for (; issued < due; issued++) void send(issued % pairs, issued).then(done, () => done(false));
    const wait = started + (tick + 1) * tickMs - performance.now();
    if (wait > 0) await sleep(wait);
  }
  if (sent + failed < issued) await new Promise<void>((resolve) => { allDone = resolve; });
  const serverCpuAtEnd = processCpuMs(serverPid);
  const clientCpu = process.cpuUsage(clientCpuAtStart);
  return {
    sent, failed, elapsedMs: performance.now() - started,
    serverCpuMs: serverCpuAtStart === null || serverCpuAtEnd === null ? null : serverCpuAtEnd - serverCpuAtStart,
    clientCpuMs: (clientCpu.user + clientCpu.system) / 1000,
  };
}

export interface SeededPairs { members: { id: string; token: string; i: number }[]; rooms: string[] }

/**
 * `count` members (even), each with a session, in pairs that share a chat room, written straight
 * into a fresh SQLite database in a temporary folder: registering thousands of members through
 * argon2 would measure password hashing. Answers the folder, the members (with their bearer
 * tokens) and the rooms, pair by pair.
 */
export async function seedPairs(count: number): Promise<SeededPairs & { dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-bench-pairs-'));
  const database = createDatabase({ dataDir });
  await migrateToLatest(database.db);
  const seeded = await writePairs(database.db, count);
  await database.close();
  return { dataDir, ...seeded };
}

/** What `seedPairs` writes, into any migrated database (SQLite or PostgreSQL). */
export async function writePairs(db: Kysely<Database>, count: number): Promise<SeededPairs> {
  const passwordHash = await hashPassword('bench-password-1');
  const now = new Date().toISOString();
  const members = Array.from({ length: count }, (_, i) => ({ id: newId(), token: newSessionToken(), i }));
  for (let i = 0; i < members.length; i += 200) {
    const chunk = members.slice(i, i + 200);
    await db.insertInto('users').values(chunk.map((m) => ({
      id: m.id, name: `Bench ${m.i}`, email: `bench${m.i}@bench.test`, password_hash: passwordHash,
      // A confirmed mobile number: the onboarding gate refuses messages without one (issue 27).
      phone_number: `+2783${String(m.i).padStart(7, '0')}`,
      date_of_birth: '1990-01-01', gender: 'female', about: null, city: null, province: null, location_cell: null, marital_status: null,
      body_type: null, relationship_type: null, how_often_drink: null, love_language: null, height_cm: null, job_title: null, education: null,
      profile_completed: true, onboarding_completed_at: now, email_verified_at: now, phone_verified_at: now, is_demo: false,
      last_active_at: now, created_at: now, updated_at: now,
    }))).execute();
    await db.insertInto('sessions').values(chunk.map((m) => ({
      id: newId(), user_id: m.id, token_hash: hashToken(m.token), user_agent: 'bench', ip: '127.0.0.1',
      created_at: now, last_used_at: now, expires_at: new Date(Date.now() + 86_400_000).toISOString(), revoked_at: null,
    }))).execute();
  }
  const repo = new ChatRepository(db, systemClock);
  const rooms: string[] = [];
  for (let p = 0; p < count / 2; p++) {
    const [a, b] = [members[2 * p]!, members[2 * p + 1]!];
    // Conversations (issue 29: accepted, as a match's room is), not message requests: every send is a conversation's.
    rooms.push(await repo.createRoom({
      pairKey: [a.id, b.id].sort().join(':'), createdBy: a.id, now, accepted: true, members: [{ userId: a.id, name: 'x' }, { userId: b.id, name: 'y' }],
    }));
  }
  return { members, rooms };
}

/** Socket.IO clients for `tokens`, connected `batch` at a time (`extra` adds to each one's auth). */
export async function connectAll(origin: string, tokens: (string | undefined)[], extra: (i: number) => Record<string, unknown> = () => ({}), batchSize = 50) {
  const sockets: Socket[] = [];
  for (let i = 0; i < tokens.length; i += batchSize) {
    const batch = tokens.slice(i, i + batchSize).map((token, j) => new Promise<Socket>((resolve, reject) => {
      const socket = connect(origin, { path: '/socket.io', transports: ['websocket'], reconnection: false, auth: { ...(token ? { token } : {}), ...extra(i + j) } });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    }));
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}
