// Scale-out benchmark (`npm run bench:scaling`, issue 33). The chat path of bench/chat.ts — members
// in pairs, one of each pair sending `message.send` over its socket at a fixed total rate, the
// partner's socket receiving NewMessage — on PostgreSQL + Redis, through `npm run cluster`
// (scripts/cluster.mjs: real app processes behind real HAProxy), first with 1 app process (the
// baseline), then with 2, on the same database, sockets and rate, in the same run. With 2
// processes HAProxy spreads the sockets over both, so most partners sit on the other process and
// every delivery crosses Redis. Reports throughput, delivered/sent, send→deliver p50/p99 and the
// CPU per message of the app processes summed (from /proc), with HAProxy's, Redis's, the
// database's backends' and the load generator's beside it (informative). Target: CPU per message
// with 2 processes ≤ 1.3× with 1 (on a 2-core machine 2 processes show efficiency, not speed-up).
// Needs BENCH_DATABASE_URL (or TEST_DATABASE_URL: a fresh database is created beside it and
// dropped), REDIS_URL (or BENCH_REDIS_URL) and HAProxy; without them it says so and skips.
// Settings: BENCH_SCALING_SOCKETS (default 400), BENCH_SCALING_RATE (messages/s, default 500),
// BENCH_SCALING_SECONDS (default 10), BENCH_SCALING_WARMUP (seconds at the same rate, default 3).
// Results: bench/results/scaling-latest.{json,md}.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import type { Socket } from 'socket.io-client';
import { freshDatabase, postgresUrl, repoRoot, resultsDir } from './populated';
import { connectAll, cpuCount, drive, intSetting, percentile, processCpuMs, sleep, stop, writePairs } from './support';

const SOCKETS = intSetting(process.env.BENCH_SCALING_SOCKETS, 400, 2, 4000) & ~1;
// 200/s: 300/s already saturated the shared 2-core machine (about 165–200/s delivered, p50 over 1 s).
const RATE = intSetting(process.env.BENCH_SCALING_RATE, 200, 1, 10_000);
const SECONDS = intSetting(process.env.BENCH_SCALING_SECONDS, 10, 1, 60);
const WARMUP = intSetting(process.env.BENCH_SCALING_WARMUP, 3, 0, 30);
const PROCESS_COUNTS = [1, 2] as const;
const TARGET_RATIO = 1.3;
/** Seconds with the sockets connected and nothing sent, to tell the app processes' idle cost from a message's. */
const IDLE_SECONDS = 2;
/** How long sent messages may take to arrive before the rest count as lost. */
const DELIVERY_WAIT_MS = 30_000;
const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL ?? '';
const haproxyBin = process.env.HAPROXY_BIN || '/usr/sbin/haproxy';
const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

/** What is still to undo (clusters, the database, Redis keys), also when interrupted or out of time. */
const pendingCleanups = new Set<() => Promise<void>>();
async function cleanUpAndExit(code: number): Promise<never> {
  for (const cleanup of [...pendingCleanups].reverse()) await cleanup().catch(() => {});
  process.exit(code);
}
async function withCleanup<T>(cleanup: () => Promise<void>, body: () => Promise<T>): Promise<T> {
  pendingCleanups.add(cleanup);
  try {
    return await body();
  } finally {
    pendingCleanups.delete(cleanup);
    await cleanup();
  }
}

/** Polls `check` every 50 ms; true once it holds, false when `timeoutMs` runs out. */
async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

/** Processes on this machine, from /proc: pid, parent pid, command name and command line. */
function processes(): { pid: number; ppid: number; comm: string; cmdline: string }[] {
  const found = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      found.push({ pid: Number(entry), ppid, comm, cmdline });
    } catch {
      // gone, or not ours to read
    }
  }
  return found;
}

/** CPU ms per pid of a group of processes (found again at each reading: database backends come and go). */
type Group = () => number[];
const readCpu = (pids: number[]) => new Map(pids.map((pid) => [pid, processCpuMs(pid)] as const).filter((e): e is [number, number] => e[1] !== null));
/** CPU ms the group used since `before` (a process new since then counts whole). */
function cpuSince(group: Group, before: Map<number, number>): number | null {
  const now = readCpu(group());
  if (now.size === 0) return null;
  let total = 0;
  for (const [pid, ms] of now) total += ms - (before.get(pid) ?? 0);
  return total;
}

interface Cluster { origin: string; child: ChildProcess; appPids: number[]; haproxyPid: number | undefined; statsSocket: string | undefined }

/** `npm run cluster -- --processes N --quiet` on the benchmark's database and Redis prefix; resolves once it is ready. */
async function startCluster(count: number, env: Record<string, string>): Promise<Cluster> {
  const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/cluster.mjs'), '--processes', String(count), '--quiet'], {
    cwd: repoRoot,
    env: {
      ...process.env, NODE_ENV: 'test', PORT: '0', SEED_DEMO_DATA: 'false', LOG_LEVEL: 'info', SHUTDOWN_GRACE_MS: '5000',
      RATE_LIMIT_MAX: '1000000000', AUTH_RATE_LIMIT_MAX: '1000000', CHAT_MESSAGES_PER_MINUTE: '10000000',
      SOCKET_CONNECTS_PER_MINUTE: '10000000', FIRST_MESSAGES_PER_DAY: '1000000', ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  let ready: string;
  let appPids: number[];
  try {
    ready = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`cluster not ready within 4 minutes:\n${output.slice(-3000)}`)), 240_000);
      child.stdout!.on('data', (data: Buffer) => {
        output += data.toString();
        const match = /^cluster ready on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`cluster exited (${code}) before it was ready:\n${output.slice(-3000)}`));
      });
    });
    appPids = [...output.matchAll(/^\[cluster\] app\d+ pid (\d+) on /gm)].map((m) => Number(m[1]));
    if (appPids.length !== count) throw new Error(`expected ${count} app pids in the cluster's output, found ${appPids.length}`);
  } catch (error) {
    await stop(child);
    throw error;
  }
  const haproxy = processes().find((p) => p.ppid === child.pid && p.comm === 'haproxy');
  const config = haproxy && / -f (\S+)/.exec(haproxy.cmdline)?.[1];
  return { origin: ready, child, appPids, haproxyPid: haproxy?.pid, statsSocket: config && path.join(path.dirname(config), 'haproxy.sock') };
}

/** Stops the cluster (it drains its processes); any app process or HAProxy left after that is killed by pid. */
async function stopCluster(cluster: Cluster): Promise<void> {
  await stop(cluster.child);
  for (const pid of [...cluster.appPids, cluster.haproxyPid]) {
    try {
      if (pid) process.kill(pid, 'SIGKILL');
    } catch {
      // exited, as it should have
    }
  }
}

/** Open connections per app process, from HAProxy's stats socket (`scur`), by server name. */
async function connectionsPerProcess(statsSocket: string | undefined): Promise<Record<string, number>> {
  if (!statsSocket) return {};
  const csv = await new Promise<string>((resolve) => {
    let answer = '';
    const socket = net.connect(statsSocket);
    socket.setTimeout(2000, () => socket.destroy());
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', () => {});
    socket.write('show stat\n');
  });
  const [header, ...rows] = csv.split('\n').filter(Boolean);
  if (!header) return {};
  const columns = header.replace(/^# /, '').split(',');
  const [px, sv, scur] = ['pxname', 'svname', 'scur'].map((name) => columns.indexOf(name));
  const perServer: Record<string, number> = {};
  for (const cells of rows.map((r) => r.split(','))) {
    if (cells[px!] !== 'app' || cells[sv!] === 'BACKEND' || cells[sv!]?.endsWith('-spare')) continue;
    perServer[cells[sv!]!] = Number(cells[scur!]);
  }
  return perServer;
}

interface RunResult {
  processes: number; sent: number; delivered: number; failed_sends: number;
  /** Why sends failed: the ack's status and code, or the client's error (a timeout), with how many. */
  failures: Record<string, number>;
  achieved_rate: number;
  p50_ms: number; p99_ms: number; max_ms: number;
  /** Open connections per app process while measuring (HAProxy's count: the sockets, spread by `leastconn`). */
  connections_per_process: Record<string, number>;
  /** CPU ms a second the app processes spent together with the sockets connected and nothing sent (pings, health checks, the stream reader). */
  idle_app_cpu_ms_per_second: number | null;
  /** CPU ms per message sent while measuring: the app processes summed (the target's figure), each app process, and the rest. */
  cpu_ms_per_message: {
    apps: number | null;
    /** The same less the idle cost over the measured time: what the messages themselves cost. */
    apps_above_idle: number | null;
    per_app: (number | null)[]; haproxy: number | null; redis: number | null; postgres: number | null; load_generator: number };
}

interface Setup { databaseUrl: string; databaseName: string; dataDir: string; prefix: string; tokens: string[]; rooms: string[] }

async function measure(count: number, setup: Setup): Promise<RunResult> {
  const cluster = await startCluster(count, {
    DATABASE_URL: setup.databaseUrl, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: setup.prefix, DATA_DIR: setup.dataDir,
  });
  let sockets: Socket[] = [];
  return withCleanup(async () => {
    sockets.forEach((s) => s.close());
    await stopCluster(cluster);
  }, async () => {
    sockets = await connectAll(cluster.origin, setup.tokens);
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    let warmUpDelivered = 0;
    const failures: Record<string, number> = {};
    sockets.forEach((socket, i) => {
      if (i % 2 === 0) return; // the odd members receive
      socket.on('NewMessage', (payload: { message: { client_id?: string | null } }) => {
        const id = payload.message.client_id ?? '';
        if (id.startsWith('warm-up')) warmUpDelivered++;
        const t0 = sentAt.get(id);
        if (t0 === undefined) return;
        sentAt.delete(id); // a repeat is not a second delivery
        latencies.push(performance.now() - t0);
      });
    });
    const send = (measured: boolean) => async (pair: number, seq: number) => {
      // Unique across the runs: a client id already stored is answered as a repeat, not sent again.
      const clientId = `${measured ? 'bench' : 'warm-up'}-${count}-${seq}-${pair}`;
      if (measured) sentAt.set(clientId, performance.now());
      // No number in the text: the offensive-language filter flags some ("hello 455" is: 409 confirm_required).
      const message = { chat_room_id: setup.rooms[pair], message: 'hello there', type: 'text', client_id: clientId };
      let outcome: string;
      try {
        const ack = (await sockets[2 * pair]!.timeout(30_000).emitWithAck('message.send', message)) as { ok: boolean; status: number; code?: string };
        if (ack.ok && ack.status === 201) return true;
        outcome = `${ack.status} ${ack.code ?? ''}`.trim();
      } catch (error) {
        outcome = error instanceof Error ? error.message : String(error);
      }
      if (measured) failures[outcome] = (failures[outcome] ?? 0) + 1;
      return false;
    };
    const pairs = setup.tokens.length / 2;
    const appsCpu = () => {
      const all = cluster.appPids.map((pid) => processCpuMs(pid));
      return all.some((ms) => ms === null) ? null : all.reduce<number>((sum, ms) => sum + ms!, 0);
    };
    // A measuring window, not a wait for a condition: the app processes' CPU with the sockets
    // connected and nothing sent yet. Before the warm-up: after it, a saturated machine is still
    // catching up on the warm-up's work (measured there, it was most of a busy run's CPU).
    const idleStart = appsCpu();
    await sleep(IDLE_SECONDS * 1000);
    const idleEnd = appsCpu();
    const idleMsPerSecond = idleStart === null || idleEnd === null ? null : (idleEnd - idleStart) / IDLE_SECONDS;
    if (WARMUP > 0) {
      const warm = await drive(RATE, pairs, WARMUP, send(false));
      await until(() => warmUpDelivered >= warm.sent, DELIVERY_WAIT_MS);
    }
    const groups: Record<'haproxy' | 'redis' | 'postgres', Group> = {
      haproxy: () => (cluster.haproxyPid ? [cluster.haproxyPid] : []),
      // Redis serves other users of this machine too: its figure is an upper bound.
      redis: () => {
        const port = new URL(redisUrl).port || '6379';
        return processes().filter((p) => p.comm === 'redis-server' && p.cmdline.includes(`:${port}`)).map((p) => p.pid);
      },
      // The backends serving the benchmark's database (`postgres: user database host(port) state`).
      postgres: () => processes().filter((p) => p.cmdline.startsWith('postgres: ') && p.cmdline.includes(` ${setup.databaseName} `)).map((p) => p.pid),
    };
    const before = {
      apps: cluster.appPids.map((pid) => processCpuMs(pid)),
      ...Object.fromEntries(Object.entries(groups).map(([name, group]) => [name, readCpu(group())])) as Record<keyof typeof groups, Map<number, number>>,
    };
    const connections = await connectionsPerProcess(cluster.statsSocket);
    const measuredFrom = performance.now();
    const result = await drive(RATE, pairs, SECONDS, send(true));
    await until(() => latencies.length >= result.sent, DELIVERY_WAIT_MS);
    const messages = Math.max(1, result.sent + result.failed);
    const perMessage = (ms: number | null) => (ms === null ? null : round(ms / messages, 3));
    const perApp = cluster.appPids.map((pid, i) => {
      const [start, end] = [before.apps[i], processCpuMs(pid)];
      return start == null || end === null ? null : end - start;
    });
    const apps = perApp.some((ms) => ms === null) ? null : perApp.reduce<number>((sum, ms) => sum + ms!, 0);
    const elapsedSeconds = (performance.now() - measuredFrom) / 1000;
    const sorted = latencies.sort((a, b) => a - b);
    return {
      processes: count, sent: result.sent, delivered: sorted.length, failed_sends: result.failed, failures,
      achieved_rate: Math.round((result.sent / result.elapsedMs) * 1000),
      p50_ms: round(percentile(sorted, 50)), p99_ms: round(percentile(sorted, 99)), max_ms: round(sorted.at(-1) ?? NaN),
      connections_per_process: connections, idle_app_cpu_ms_per_second: idleMsPerSecond === null ? null : round(idleMsPerSecond, 1),
      cpu_ms_per_message: {
        apps: perMessage(apps), per_app: perApp.map(perMessage),
        apps_above_idle: apps === null || idleMsPerSecond === null ? null : perMessage(apps - idleMsPerSecond * elapsedSeconds),
        haproxy: perMessage(cpuSince(groups.haproxy, before.haproxy)), redis: perMessage(cpuSince(groups.redis, before.redis)),
        postgres: perMessage(cpuSince(groups.postgres, before.postgres)), load_generator: perMessage(result.clientCpuMs)!,
      },
    };
  });
}

/** Deletes the benchmark's keys (its stream, sessions and counters) from Redis. */
async function dropRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

function report(runs: RunResult[], load: { start: number[]; end: number[] }) {
  const [one, two] = [runs.find((r) => r.processes === 1)!, runs.find((r) => r.processes === 2)!];
  const ratio = one.cpu_ms_per_message.apps && two.cpu_ms_per_message.apps ? round(two.cpu_ms_per_message.apps / one.cpu_ms_per_message.apps) : null;
  const aboveIdle = one.cpu_ms_per_message.apps_above_idle && two.cpu_ms_per_message.apps_above_idle ? round(two.cpu_ms_per_message.apps_above_idle / one.cpu_ms_per_message.apps_above_idle) : null;
  const allDelivered = runs.every((r) => r.failed_sends === 0 && r.delivered === r.sent);
  const met = ratio !== null && ratio <= TARGET_RATIO && allDelivered;
  const result = {
    date: new Date().toISOString(),
    machine: { cpus: cpuCount, node: process.version, load_average_1m: { start: round(load.start[0]!), end: round(load.end[0]!) } },
    settings: { sockets: SOCKETS, rate_per_second: RATE, seconds: SECONDS, warmup_seconds: WARMUP },
    runs, ratio_cpu_per_message_2_to_1: ratio, ratio_above_idle_2_to_1: aboveIdle, all_delivered: allDelivered,
    target: `app CPU per message with 2 processes ≤ ${TARGET_RATIO}× with 1 process, every message delivered`, met,
  };
  const ms = (n: number | null) => (n === null ? '—' : n.toFixed(3));
  const rows = runs.map((r) => `| ${r.processes} | ${r.sent} | ${r.delivered} (${((r.delivered / Math.max(1, r.sent)) * 100).toFixed(1)}%) | ${r.achieved_rate}/s | ${r.p50_ms} | ${r.p99_ms} | ${r.max_ms} | ${ms(r.cpu_ms_per_message.apps)} (${r.cpu_ms_per_message.per_app.map(ms).join(' + ')}) | ${r.idle_app_cpu_ms_per_second ?? '—'} | ${ms(r.cpu_ms_per_message.apps_above_idle)} | ${Object.values(r.connections_per_process).join(' / ') || '—'} | ${ms(r.cpu_ms_per_message.haproxy)} | ${ms(r.cpu_ms_per_message.redis)} | ${ms(r.cpu_ms_per_message.postgres)} | ${ms(r.cpu_ms_per_message.load_generator)} |`);
  const md = [
    `# Scale-out benchmark — ${result.date}`, '',
    `Chat over sockets on PostgreSQL + Redis through \`npm run cluster\` (HAProxy in front): ${SOCKETS} sockets in ${SOCKETS / 2} pairs, ${RATE} messages/s for ${SECONDS} s after a ${WARMUP} s warm-up, with 1 app process (the baseline) and with 2, same database and load. ${cpuCount} CPUs shared by everything (apps, HAProxy, PostgreSQL, Redis, load generator; nothing pinned), Node ${process.version}; load average ${result.machine.load_average_1m.start} at the start, ${result.machine.load_average_1m.end} at the end (the machine is shared with other work).`, '',
    '| app processes | sent | delivered | rate | p50 ms | p99 ms | max ms | app CPU ms/msg (per process) | idle app CPU ms/s | app CPU ms/msg above idle | sockets per process (HAProxy) | HAProxy CPU ms/msg | Redis CPU ms/msg | PostgreSQL CPU ms/msg | load generator CPU ms/msg |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|', ...rows, '',
    `"Above idle" takes off the app processes' CPU with the sockets connected and nothing sent (measured for ${IDLE_SECONDS} s before the warm-up) over the same time; its ratio, 2 ÷ 1: ${aboveIdle ?? '—'} (informative).`, '',
    'CPU per message is user + system time from /proc over the measured sends, divided by the messages. Redis serves other users of this machine, so its column is an upper bound; PostgreSQL\'s is the backends of the benchmark\'s database.', '',
    `**App CPU per message, 2 processes ÷ 1 process: ${ratio ?? '—'}** (target ≤ ${TARGET_RATIO}, every message delivered: ${met ? 'met' : 'NOT met'}). On ${cpuCount} cores this measures the cost of spreading (cross-process delivery through Redis), not a speed-up.`, '',
  ].join('\n');
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, 'scaling-latest.json'), `${JSON.stringify(result, null, 2)}\n`);
  fs.writeFileSync(path.join(resultsDir, 'scaling-latest.md'), md);
  process.stdout.write(`\n${md}`);
  return met;
}

async function main(): Promise<boolean> {
  const missing = [
    !/^postgres(ql)?:\/\//.test(postgresUrl) && 'BENCH_DATABASE_URL or TEST_DATABASE_URL (postgres://…)',
    !/^rediss?:\/\//.test(redisUrl) && 'REDIS_URL or BENCH_REDIS_URL (redis://…)',
    !fs.existsSync(haproxyBin) && `HAProxy (${haproxyBin})`,
  ].filter(Boolean);
  if (missing.length > 0) {
    process.stdout.write(`scaling bench: skipped, it needs ${missing.join(', ')}\n`);
    return true;
  }
  const guard = setTimeout(() => {
    process.stderr.write('scaling bench: overall time limit reached\n');
    void cleanUpAndExit(1);
  }, 15 * 60 * 1000);
  guard.unref();
  process.stdout.write(`scaling bench: ${SOCKETS} sockets (${SOCKETS / 2} pairs), ${RATE} messages/s for ${SECONDS} s after a ${WARMUP} s warm-up, with ${PROCESS_COUNTS.join(' and ')} app processes\n`);
  const load = { start: os.loadavg(), end: [] as number[] };
  const database = await freshDatabase('postgres', 'scaling');
  const prefix = `linkup-bench-scaling:${randomBytes(4).toString('hex')}:`;
  return withCleanup(async () => {
    await database.dispose();
    await dropRedisKeys(prefix);
  }, async () => {
    const { members, rooms } = await writePairs(database.db, SOCKETS);
    await database.analyze();
    const setup: Setup = {
      databaseUrl: database.databaseUrl, databaseName: new URL(database.databaseUrl).pathname.slice(1), dataDir: database.dataDir, prefix,
      tokens: members.map((m) => m.token), rooms,
    };
    const runs: RunResult[] = [];
    for (const count of PROCESS_COUNTS) {
      runs.push(await measure(count, setup));
      process.stdout.write(`${JSON.stringify(runs.at(-1))}\n`);
    }
    load.end = os.loadavg();
    return report(runs, load);
  });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void cleanUpAndExit(130));

main().then((met) => process.exit(met ? 0 : 1), (error: unknown) => {
  process.stderr.write(`scaling bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
