// Sockets benchmark (`npm run bench:sockets`): what idle connected members cost the server. It
// writes BENCH_SOCKETS members (default 10,000) with sessions, in pairs sharing a chat room,
// straight into a fresh SQLite database, starts the real server with a heap probe
// (bench/heap-probe.mjs: on SIGUSR2, collect garbage and write process.memoryUsage()), then:
// 1. reads the server's heap and RSS with no socket connected;
// 2. connects every member's authenticated Socket.IO socket (websocket), BENCH_SOCKETS_BATCH at a
//    time, and times it (connects per second);
// 3. reads heap and RSS again: the difference per socket (target ≤ 15 KB of heap each);
// 4. with all of them still connected, 500 pairs send BENCH_SOCKETS_RATE messages a second
//    (default 2,000) over their sockets (`message.send`) for BENCH_SOCKETS_SECONDS after a warm-up,
//    and the send → partner's NewMessage latency is measured (p50/p99).
// The server is pinned to CPU 0 and this process to CPU 1 (BENCH_PIN=0: not). Results:
// bench/results/sockets-latest.{json,md}.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectAll, cpuCount, drive, freePort, intSetting as int, percentile, pin, seedPairs, sleep, spawnDemoServer, stop, waitForHealthy } from './support';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const SOCKETS = int(process.env.BENCH_SOCKETS, 10_000, 100, 20_000) & ~1;
const BATCH = int(process.env.BENCH_SOCKETS_BATCH, 100, 1, 1000);
const RATE = int(process.env.BENCH_SOCKETS_RATE, 2000, 1, 20_000);
const SECONDS = int(process.env.BENCH_SOCKETS_SECONDS, 10, 1, 60);
const WARMUP = int(process.env.BENCH_SOCKETS_WARMUP, 5, 0, 30);
const SENDING_PAIRS = Math.min(500, SOCKETS / 2);
const HEAP_TARGET_KB = 15;
/** A directory for the server's CPU profile (`node --cpu-prof`), to see where a message's time goes. */
const CPU_PROF_DIR = process.env.BENCH_SOCKETS_CPU_PROF;

interface Memory { heapUsed: number; rss: number; external: number; arrayBuffers: number }

/** The server's memory after a full collection, read through the heap probe. */
async function probe(pid: number, file: string): Promise<Memory> {
  const before = fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 200; i++) {
    if (fs.existsSync(file) && fs.statSync(file).mtimeMs !== before) {
      try {
        return JSON.parse(fs.readFileSync(file, 'utf8')) as Memory;
      } catch {
        // written as we read: once more
      }
    }
    await sleep(50);
  }
  throw new Error('the heap probe did not answer');
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 100) / 100;
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

async function main(): Promise<void> {
  const guard = setTimeout(() => {
    process.stderr.write('sockets bench: overall time limit reached\n');
    process.exit(1);
  }, 10 * 60 * 1000);
  guard.unref();
  console.log(`sockets bench: ${SOCKETS} sockets, then ${RATE} messages/s from ${SENDING_PAIRS} pairs for ${SECONDS} s`);
  const { dataDir, members, rooms } = await seedPairs(SOCKETS);
  const heapFile = path.join(dataDir, 'heap.json');
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawnDemoServer(port, dataDir, {
    SEED_DEMO_DATA: 'false', BENCH_HEAP_FILE: heapFile, RATE_LIMIT_MAX: '1000000000', SOCKET_CONNECTS_PER_MINUTE: '1000000000',
    CHAT_MESSAGES_PER_MINUTE: '1000000000',
  }, ['--expose-gc', '--import', './bench/heap-probe.mjs', ...(CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF_DIR)}`] : [])]);
  try {
    await waitForHealthy(`${origin}/api/health`, server);
    const pinned = [pin(server.pid!, 0), pin(process.pid, 1)].every(Boolean);
    // One socket first, so what every connection shares (Socket.IO's first handshake) is in the baseline.
    const [first] = await connectAll(origin, [members[0]!.token]);
    const idle = await probe(server.pid!, heapFile);

    const t0 = performance.now();
    const sockets = [first!, ...(await connectAll(origin, members.slice(1).map((m) => m.token), () => ({}), BATCH))];
    const connectSeconds = (performance.now() - t0) / 1000;
    await sleep(1000);
    const connected = await probe(server.pid!, heapFile);
    const perSocket = (field: keyof Memory) => kb((connected[field] - idle[field]) / (SOCKETS - 1));

    // Chat with every socket connected: senders are the even members, their partners the odd.
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    for (let p = 0; p < SENDING_PAIRS; p++) {
      sockets[2 * p + 1]!.on('NewMessage', (payload: { message: { client_id?: string | null } }) => {
        const at = payload.message.client_id ? sentAt.get(payload.message.client_id) : undefined;
        if (at !== undefined) latencies.push(performance.now() - at);
      });
    }
    const send = (measured: boolean) => async (pair: number, seq: number) => {
      const clientId = `${measured ? 'bench' : 'warm-up'}-${seq}-${pair}`;
      if (measured) sentAt.set(clientId, performance.now());
      const ack = (await sockets[2 * pair]!.timeout(30_000).emitWithAck('message.send', {
        chat_room_id: rooms[pair], message: `hello ${seq}`, type: 'text', client_id: clientId,
      })) as { ok: boolean; status: number };
      return ack.ok && ack.status === 201;
    };
    if (WARMUP > 0) await drive(RATE, SENDING_PAIRS, WARMUP, send(false));
    await sleep(1000);
    const chat = await drive(RATE, SENDING_PAIRS, SECONDS, send(true), server.pid);
    for (let i = 0; i < 60 && latencies.length < chat.sent; i++) await sleep(50);
    const sorted = latencies.sort((a, b) => a - b);
    const stillConnected = sockets.filter((s) => s.connected).length;
    for (const socket of sockets) socket.close();

    const result = {
      date: new Date().toISOString(), machine: { cpus: cpuCount, cpu: os.cpus()[0]?.model ?? 'unknown', node: process.version }, pinned,
      sockets: SOCKETS,
      memory: {
        idle: { heap_mb: mb(idle.heapUsed), rss_mb: mb(idle.rss) },
        connected: { heap_mb: mb(connected.heapUsed), rss_mb: mb(connected.rss) },
        per_socket_kb: { heap: perSocket('heapUsed'), rss: perSocket('rss'), external: perSocket('external') },
        heap_target_kb: HEAP_TARGET_KB,
      },
      connect: { seconds: Math.round(connectSeconds * 100) / 100, per_second: Math.round((SOCKETS - 1) / connectSeconds), batch: BATCH },
      chat: {
        rate: RATE, seconds: SECONDS, pairs: SENDING_PAIRS, sent: chat.sent, failed: chat.failed, delivered: sorted.length,
        achieved_rate: Math.round((chat.sent / chat.elapsedMs) * 1000),
        p50_ms: Math.round(percentile(sorted, 50) * 10) / 10, p99_ms: Math.round(percentile(sorted, 99) * 10) / 10,
        max_ms: Math.round((sorted.at(-1) ?? NaN) * 10) / 10,
        server_cpu_ms_per_message: chat.serverCpuMs === null ? null : Math.round((chat.serverCpuMs / Math.max(1, chat.sent)) * 1000) / 1000,
      },
      still_connected: stillConnected,
    };
    const heapMet = result.memory.per_socket_kb.heap <= HEAP_TARGET_KB;
    const md = [
      `# Sockets benchmark — ${result.date}`, '',
      `${SOCKETS} authenticated Socket.IO sockets (websocket) on the real server (SQLite), ${cpuCount} CPUs (${result.machine.cpu}), Node ${process.version}, pinned: ${pinned ? 'yes' : 'no'}.`, '',
      '| | heap | RSS |', '|---|---:|---:|',
      `| server, 1 socket | ${result.memory.idle.heap_mb} MB | ${result.memory.idle.rss_mb} MB |`,
      `| server, ${SOCKETS} sockets | ${result.memory.connected.heap_mb} MB | ${result.memory.connected.rss_mb} MB |`,
      `| **per socket** | **${result.memory.per_socket_kb.heap} KB** | ${result.memory.per_socket_kb.rss} KB |`, '',
      `Heap per socket: ${result.memory.per_socket_kb.heap} KB (target ≤ ${HEAP_TARGET_KB} KB): ${heapMet ? 'met' : 'NOT met'}. External memory per socket: ${result.memory.per_socket_kb.external} KB.`, '',
      `Connect: ${SOCKETS - 1} sockets in ${result.connect.seconds} s, ${BATCH} at a time: ${result.connect.per_second} connects/s.`, '',
      `Chat with all of them connected: ${result.chat.sent} sent (${result.chat.failed} failed) at ${result.chat.achieved_rate}/s by ${SENDING_PAIRS} pairs over their sockets, `
        + `${result.chat.delivered} delivered; send → partner's NewMessage p50 ${result.chat.p50_ms} ms, p99 ${result.chat.p99_ms} ms, max ${result.chat.max_ms} ms; `
        + `server CPU ${result.chat.server_cpu_ms_per_message ?? '—'} ms per message. Sockets still connected at the end: ${stillConnected}.`, '',
    ].join('\n');
    fs.mkdirSync(path.join(benchDir, 'results'), { recursive: true });
    fs.writeFileSync(path.join(benchDir, 'results', 'sockets-latest.json'), `${JSON.stringify(result, null, 2)}\n`);
    fs.writeFileSync(path.join(benchDir, 'results', 'sockets-latest.md'), md);
    console.log(md);
    if (!heapMet || chat.failed > 0 || sorted.length < chat.sent) process.exitCode = 1;
  } finally {
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(() => process.exit(process.exitCode ?? 0), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
