// Discover benchmark (`npm run bench:discover`): how many discover pages a second the server
// answers, and how fast, as the membership grows. For each database (SQLite always; PostgreSQL when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set) and each size (1,000 and 100,000 members by
// default) it generates members with a seeded PRNG straight into a fresh database, starts the real
// server on it, signs in a viewer and measures GET /api/matches/discover with autocannon (10
// keep-alive connections) served from the ranked queue, then `/api/health` on the same server,
// then discover again with DISCOVER_QUEUE=false (every page the direct query) and a bare Fastify
// route — the baselines, in the same run. Servers are pinned to CPU 0 and this process (the load
// generator) to CPU 1 when the machine has two. PostgreSQL servers run with REDIS_URL when it is
// set (the deployment's PostgreSQL + Redis: discover queues in Redis, kept reads over LISTEN/NOTIFY).
// It writes bench/results/discover-latest.{json,md} with req/s and p50/p90/p99, the p99 ratio
// between the largest and smallest size (target ≤ 2), the throughput targets at 100,000 members
// (SQLite ≥ 2,000 req/s, PostgreSQL + Redis ≥ 1,500 req/s, both p99 ≤ 20 ms) and the query plans.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../apps/server/src/db/schema';
import { DiscoverRepository } from '../apps/server/src/modules/discover/discover.repository';
import {
  VIEWER, durationMs, explain, freshDatabase, generateMembers, postgresUrl, repoRoot, resultsDir, sizesFrom, startBaseline,
  startServer, verdicts,
} from './populated';
import { cpuCount, measureThroughput, pin, processCpuMs, stop, type Throughput } from './support';

const sizes = sizesFrom(process.env.BENCH_DISCOVER_SIZES, '1000,100000');
const connections = Math.max(1, Number(process.env.BENCH_CONNECTIONS ?? 10));
const seconds = durationMs / 1000;
/** Issue 18's target at the largest size (SQLite), and issue 33's on PostgreSQL + Redis. */
const TARGETS = { sqlite: { members: 100_000, rps: 2_000, p99: 20 }, postgres: { members: 100_000, rps: 1_500, p99: 20 } };
/** PostgreSQL servers run as deployed, with Redis when REDIS_URL is set; SQLite alone (one process). */
const redisUrl = process.env.REDIS_URL ?? '';

/** The database's plan for the discover window query of the viewer. */
async function queryPlan(db: Kysely<Database>, dialect: 'sqlite' | 'postgres'): Promise<string> {
  const discover = new DiscoverRepository(db, 30 * 86_400_000);
  const viewer = await discover.viewer(VIEWER.id);
  const { recent } = discover.queries({ ...viewer, interestIds: new Set() }, { page: 1, per_page: 10 }, new Date());
  return explain(db, dialect, recent.compile());
}

/** Throughput, and the server's CPU time per request in µs (null where /proc is missing). */
type Measured = Throughput & { cpuUsPerRequest: number | null };

interface Run {
  dialect: 'sqlite' | 'postgres';
  redis: boolean;
  members: number;
  generateSeconds: number;
  pinned: boolean;
  /** From the ranked queue (the default). */
  discover: Measured;
  /** Every page the direct query (DISCOVER_QUEUE=false): the queue's baseline. */
  direct: Measured;
  health: Measured;
  baseline: Throughput;
  itemsPerPage: number;
  plan: string;
}

async function runOne(dialect: 'sqlite' | 'postgres', members: number, baseline: { url: string; pid: number }): Promise<Run> {
  const database = await freshDatabase(dialect, 'discover');
  let server: Awaited<ReturnType<typeof startServer>>['server'] | undefined;
  try {
    const t0 = performance.now();
    await generateMembers(database.db, members);
    await database.analyze();
    const generateSeconds = Math.round((performance.now() - t0) / 100) / 10;
    const plan = await queryPlan(database.db, dialect);

    // The same data served twice: from the ranked queue (the default), then with every page the
    // direct query (DISCOVER_QUEUE=false) — the baseline of the queue, measured in the same run.
    const redis: Record<string, string> = dialect === 'postgres' && redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `linkup-bench:${process.pid}:${Date.now()}:` } : {};
    const measureWith = async (env: Record<string, string>) => {
      const started = await startServer(database.dataDir, database.databaseUrl, { ...redis, ...env });
      server = started.server;
      const { base, headers } = started;
      const sample = await fetch(`${base}/api/matches/discover`, { headers });
      if (!sample.ok) throw new Error(`discover failed: ${sample.status} ${await sample.text()}`);
      const itemsPerPage = ((await sample.json()) as { data: { items: unknown[] } }).data.items.length;
      // Servers on CPU 0, this process (autocannon) on CPU 1; a PostgreSQL server is not moved.
      const pinned = [pin(server.pid!, 0), pin(baseline.pid, 0), pin(process.pid, 1)].every(Boolean);
      await measureThroughput(`${base}/api/matches/discover`, headers, connections, Math.min(5, seconds));
      // The server's CPU per request (user + system, from /proc): unlike req/s, it does not
      // depend on how much of the shared machine the server got.
      const cpuPerRequest = async (url: string, withHeaders: Record<string, string>) => {
        const before = processCpuMs(server!.pid);
        const summary = (await measureThroughput(url, withHeaders, connections, seconds)).summary;
        const after = processCpuMs(server!.pid);
        const us = before === null || after === null || summary.requests === 0 ? null : Math.round(((after - before) * 1000) / summary.requests);
        return { ...summary, cpuUsPerRequest: us };
      };
      const discover = await cpuPerRequest(`${base}/api/matches/discover`, headers);
      const health = await cpuPerRequest(`${base}/api/health`, {});
      await stop(server);
      server = undefined;
      return { itemsPerPage, pinned, discover, health };
    };
    const queued = await measureWith({});
    const direct = await measureWith({ DISCOVER_QUEUE: 'false' });
    const bare = (await measureThroughput(baseline.url, {}, connections, seconds)).summary;
    return {
      dialect, redis: 'REDIS_URL' in redis, members, generateSeconds, pinned: queued.pinned && direct.pinned, discover: queued.discover, direct: direct.discover,
      health: queued.health, baseline: bare, itemsPerPage: queued.itemsPerPage, plan,
    };
  } finally {
    if (server) await stop(server);
    await database.dispose();
  }
}

const label = (r: Run) => (r.redis ? `${r.dialect} + redis` : r.dialect);

function markdown(runs: Run[], verdicts: string[]): string {
  const lines = [
    '# Discover benchmark',
    '',
    `${new Date().toISOString()} · Node ${process.version} · ${cpuCount} CPUs (${os.cpus()[0]?.model ?? 'unknown'}) · autocannon, ${connections} connections · ${seconds}s per measurement · pinned: ${runs.every((r) => r.pinned) ? 'yes' : 'no'}`,
    '',
    '| database | members | generate s | cards | discover req/s | p50 ms | p90 ms | p99 ms | errors | server CPU µs/req | direct query req/s | direct p99 ms | direct CPU µs/req | health req/s | health p99 ms | health CPU µs/req | bare Fastify req/s | bare p99 ms |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...runs.map((r) => `| ${label(r)} | ${r.members} | ${r.generateSeconds} | ${r.itemsPerPage} | ${r.discover.rps} | ${r.discover.p50} | ${r.discover.p90} | ${r.discover.p99} | ${r.discover.errors} | ${r.discover.cpuUsPerRequest ?? '–'} | ${r.direct.rps} | ${r.direct.p99} | ${r.direct.cpuUsPerRequest ?? '–'} | ${r.health.rps} | ${r.health.p99} | ${r.health.cpuUsPerRequest ?? '–'} | ${r.baseline.rps} | ${r.baseline.p99} |`),
    '',
    ...verdicts.map((v) => `- ${v}`),
    '',
    ...runs.flatMap((r) => [`## Plan: ${r.dialect}, ${r.members} members`, '', '```', r.plan, '```', '']),
  ];
  return lines.join('\n');
}

async function main(): Promise<void> {
  const baseline = await startBaseline();
  const runs: Run[] = [];
  try {
    const dialects: ('sqlite' | 'postgres')[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];
    for (const dialect of dialects) {
      for (const members of sizes) {
        console.log(`${dialect}${dialect === 'postgres' && redisUrl ? ' + Redis' : ''}: ${members} members…`);
        const run = await runOne(dialect, members, baseline);
        console.log(`  discover ${run.discover.rps} req/s, p50 ${run.discover.p50} ms, p99 ${run.discover.p99} ms, errors ${run.discover.errors}, ${run.discover.cpuUsPerRequest} µs CPU/req`
          + ` (direct query ${run.direct.rps} req/s, p99 ${run.direct.p99} ms, ${run.direct.cpuUsPerRequest} µs CPU/req;`
          + ` health ${run.health.rps} req/s, ${run.health.cpuUsPerRequest} µs CPU/req; bare Fastify ${run.baseline.rps} req/s)`);
        runs.push(run);
      }
    }
  } finally {
    await baseline.stop();
  }
  const verdict = verdicts(runs.map((r) => ({ dialect: r.dialect, size: r.members, p95: r.discover.p99 })), 'members', 'p99');
  for (const r of runs.filter((run) => run.members === TARGETS[run.dialect].members)) {
    const target = TARGETS[r.dialect];
    const ok = r.discover.rps >= target.rps && r.discover.p99 <= target.p99;
    verdict.failed ||= !ok;
    verdict.lines.push(`${label(r)}: ${r.discover.rps} discover req/s, p99 ${r.discover.p99} ms at ${r.members} members (target ≥ ${target.rps} req/s, p99 ≤ ${target.p99} ms): ${ok ? 'met' : 'NOT met'}`);
  }
  for (const r of runs.filter((run) => run.discover.errors > 0)) {
    verdict.failed = true;
    verdict.lines.push(`${r.dialect} at ${r.members} members: ${r.discover.errors} discover requests failed or were not 2xx`);
  }
  for (const line of verdict.lines) console.log(line);
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, 'discover-latest.json'), `${JSON.stringify({ date: new Date().toISOString(), connections, durationMs, runs, verdicts: verdict.lines }, null, 2)}\n`);
  fs.writeFileSync(path.join(resultsDir, 'discover-latest.md'), markdown(runs, verdict.lines));
  console.log(`written to ${path.relative(repoRoot, path.join(resultsDir, 'discover-latest.md'))}`);
  if (verdict.failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
