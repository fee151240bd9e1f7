// Chat delivery benchmark (`npm run bench:chat`). N sockets in pairs; one member of each pair
// sends messages through the real path — over its socket (`message.send`, the web app's way while
// connected) and, in a second run, by HTTP POST /api/chat/messages — to an SQLite commit and
// Socket.IO at a fixed total rate; the partner's socket receives NewMessage. Reports send→deliver p50/p99
// and delivered/sent, beside a bare Socket.IO relay (client emit → server → partner) with the
// same sockets and rate in the same run, so the ratio says what the product adds. Loopback only,
// bounded in time. Results: bench/results/chat-latest.{json,md}, with the CPU each side spent per
// message (the load generator shares the machine's cores with the server, so it must stay lean).
// Settings: BENCH_CHAT_SOCKETS, BENCH_CHAT_RATE, BENCH_CHAT_SECONDS, BENCH_CHAT_WARMUP (seconds at the
// same rate before measuring, default 5, for both paths); BENCH_CHAT_CPU_PROF=<dir>
// writes the server's CPU profile there; BENCH_CHAT_RELAY=0 skips the relay (profiling only);
// BENCH_CHAT_SEND=socket|http measures one way of sending only.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HttpPool, connectAll, drive, freePort, intSetting as int, percentile, seedPairs, sleep, type Drive } from './support';
import { Server } from 'socket.io';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const SOCKETS = int(process.env.BENCH_CHAT_SOCKETS, 1000, 2, 4000) & ~1;
const RATE = int(process.env.BENCH_CHAT_RATE, 2000, 1, 20_000);
const SECONDS = int(process.env.BENCH_CHAT_SECONDS, 10, 1, 60);
/** Seconds at the same rate before measuring (JIT, connections, caches), as the HTTP benchmark does. */
const WARMUP = int(process.env.BENCH_CHAT_WARMUP, 5, 0, 30);
/** Between the warm-up and the measured run, so that this starts with nothing queued. */
const WARMUP_PAUSE_MS = 1000;
const DRAIN_MS = 3000;
/** A directory for the server's CPU profile (`node --cpu-prof`), to see where its time goes per message. */
const CPU_PROF_DIR = process.env.BENCH_CHAT_CPU_PROF;
/** `BENCH_CHAT_RELAY=0` skips the bare relay (while profiling; results need it beside LinkUp). */
const WITH_RELAY = process.env.BENCH_CHAT_RELAY !== '0';
/** `BENCH_CHAT_SEND=socket|http` measures one way of sending; both by default, the socket first. */
const TRANSPORTS: Transport[] = process.env.BENCH_CHAT_SEND === 'http' ? ['http'] : process.env.BENCH_CHAT_SEND === 'socket' ? ['socket'] : ['socket', 'http'];

interface RunResult {
  name: string; sent: number; delivered: number; failedSends: number;
  p50_ms: number; p99_ms: number; max_ms: number; achieved_rate: number;
  /** CPU time per message while sending: of the server process, and of this one (the load generator). */
  server_cpu_ms_per_message: number | null; client_cpu_ms_per_message: number;
}

function summarise(name: string, drive: Drive, latencies: number[]): RunResult {
  const { sent, failed, elapsedMs } = drive;
  const sorted = [...latencies].sort((a, b) => a - b);
  const perMessage = (ms: number) => round(ms / Math.max(1, sent + failed));
  return {
    name, sent, delivered: sorted.length, failedSends: failed,
    p50_ms: round(percentile(sorted, 50)), p99_ms: round(percentile(sorted, 99)), max_ms: round(sorted.at(-1) ?? NaN),
    achieved_rate: Math.round((sent / elapsedMs) * 1000),
    server_cpu_ms_per_message: drive.serverCpuMs === null ? null : perMessage(drive.serverCpuMs),
    client_cpu_ms_per_message: perMessage(drive.clientCpuMs),
  };
}
const round = (n: number) => Math.round(n * 100) / 100;

/** The warm-up (its messages are not measured), then the measured run. */
async function warmUpAndDrive(pairs: number, send: (pair: number, seq: number, measured: boolean) => Promise<boolean>, serverPid?: number) {
  if (WARMUP > 0) {
    await drive(RATE, pairs, WARMUP, (pair, seq) => send(pair, seq, false));
    await sleep(WARMUP_PAUSE_MS);
  }
  return drive(RATE, pairs, SECONDS, (pair, seq) => send(pair, seq, true), serverPid);
}

/** How LinkUp's sender sends: over its socket (`message.send`, the web app's way while connected) or HTTP. */
type Transport = 'socket' | 'http';

async function productRun(transport: Transport): Promise<RunResult> {
  // Members, sessions and rooms straight into the database (see seedPairs).
  const { dataDir, members, rooms } = await seedPairs(SOCKETS);

  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, [
    ...(CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF_DIR)}`] : []), '--import', 'tsx', 'apps/server/src/main.ts',
  ], {
    cwd: repoRoot,
    env: {
      ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, SEED_DEMO_DATA: 'false', LOG_LEVEL: 'silent',
      DATABASE_URL: '', REDIS_URL: '', RATE_LIMIT_MAX: '10000000', CHAT_MESSAGES_PER_MINUTE: '10000000', SOCKET_CONNECTS_PER_MINUTE: '10000000',
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
    const pool = new HttpPool('127.0.0.1', port, 64);
    const authorization = members.map((m) => `Bearer ${m.token}`);
    const result = await warmUpAndDrive(SOCKETS / 2, async (pair, seq, measured) => {
      const clientId = `${measured ? 'bench' : 'warm-up'}-${seq}-${pair}`;
      if (measured) sentAt.set(clientId, performance.now());
      const message = { chat_room_id: rooms[pair], message: `hello ${seq}`, type: 'text', client_id: clientId };
      if (transport === 'socket') {
        const ack = (await sockets[2 * pair]!.timeout(30_000).emitWithAck('message.send', message)) as { ok: boolean; status: number };
        return ack.ok && ack.status === 201;
      }
      const status = await pool.request('POST', '/api/chat/messages', { authorization: authorization[2 * pair]!, 'content-type': 'application/json' }, JSON.stringify(message));
      return status === 201;
    }, server.pid);
    await sleep(DRAIN_MS);
    pool.close();
    sockets.forEach((s) => s.close());
    return summarise(transport === 'socket'
      ? 'LinkUp, socket send (message.send → commit → Socket.IO NewMessage)'
      : 'LinkUp, HTTP send (POST /api/chat/messages → commit → Socket.IO NewMessage)', result, latencies);
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
    const result = await warmUpAndDrive(SOCKETS / 2, async (pair, seq, measured) => {
      const id = `${measured ? 'relay' : 'warm-up'}-${seq}`;
      if (measured) sentAt.set(id, performance.now());
      sockets[2 * pair]!.emit('m', { to: 2 * pair + 1, id, message: `hello ${seq}` });
      return true;
    });
    await sleep(DRAIN_MS);
    sockets.forEach((s) => s.close());
    return summarise('bare Socket.IO relay (emit → server → partner)', result, latencies);
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
  process.stdout.write(`chat bench: ${SOCKETS} sockets (${SOCKETS / 2} pairs), ${RATE} messages/s for ${SECONDS} s after a ${WARMUP} s warm-up\n`);
  const relay = WITH_RELAY ? await relayRun() : undefined;
  if (relay) process.stdout.write(`${JSON.stringify(relay)}\n`);
  const products: RunResult[] = [];
  for (const transport of TRANSPORTS) {
    const product = await productRun(transport);
    process.stdout.write(`${JSON.stringify(product)}\n`);
    products.push(product);
  }
  // The target is the web app's path while connected: the socket send (the first transport).
  const product = products[0]!;
  const result = {
    date: new Date().toISOString(), machine: { cpus: os.availableParallelism(), node: process.version },
    settings: { sockets: SOCKETS, rate_per_second: RATE, seconds: SECONDS, warmup_seconds: WARMUP }, runs: relay ? [relay, ...products] : products,
    ratio_p99: relay ? round(product.p99_ms / relay.p99_ms) : null, target: 'p99 ≤ 25 ms at 2,000 messages/s with 1,000 sockets, 100% delivered',
  };
  const cpu = (ms: number | null) => (ms === null ? '—' : ms.toFixed(3));
  const rows = result.runs.map((r) => `| ${r.name} | ${r.sent} | ${r.delivered} (${((r.delivered / Math.max(1, r.sent)) * 100).toFixed(1)}%) | ${r.achieved_rate}/s | ${r.p50_ms} | ${r.p99_ms} | ${r.max_ms} | ${cpu(r.server_cpu_ms_per_message)} | ${cpu(r.client_cpu_ms_per_message)} |`);
  const md = [
    `# Chat delivery benchmark — ${result.date}`, '',
    `${SOCKETS} sockets in ${SOCKETS / 2} pairs, ${RATE} messages/s for ${SECONDS} s after a ${WARMUP} s warm-up at the same rate, loopback, ${result.machine.cpus} CPUs, Node ${result.machine.node}.`, '',
    '| path | sent | delivered | rate | p50 ms | p99 ms | max ms | server CPU ms/msg | client CPU ms/msg |', '|---|---|---|---|---|---|---|---|---|', ...rows, '',
    'CPU per message is measured while sending; the bare relay runs in the load generator\'s process, so its cost is in the client column.', '',
    `p99 ratio LinkUp (${product.name.split(' (')[0]}) / bare relay: ${result.ratio_p99 ?? '— (relay skipped)'}. Target: ${result.target}.`, '',
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
