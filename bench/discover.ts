// Discover benchmark (`npm run bench:discover`): does GET /api/matches/discover stay fast as the
// membership grows? For each database (SQLite always; PostgreSQL when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set) and each size (1,000 and 100,000 members by default) it generates
// members with a seeded PRNG straight into a fresh database, starts the real server on it, signs
// in a viewer and measures discover latency with a fixed number of concurrent clients; a bare
// Fastify route measured in the same run is the machine baseline. It prints and writes
// bench/results/discover-latest.{json,md} with p50/p95/p99, requests per second, the p95 ratio
// between the largest and the smallest size (target ≤ 2) and the database's query plans.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../apps/server/src/db/schema';
import { DiscoverRepository } from '../apps/server/src/modules/matches/discover.repository';
import {
  VIEWER, concurrency, durationMs, explain, freshDatabase, generateMembers, load, postgresUrl, repoRoot, resultsDir, sizesFrom, startBaseline,
  startServer, verdicts, type Latencies,
} from './scaling';
import { stop } from './support';

const sizes = sizesFrom(process.env.BENCH_DISCOVER_SIZES, '1000,100000');

/** The database's plan for the discover window query of the viewer. */
async function queryPlan(db: Kysely<Database>, dialect: 'sqlite' | 'postgres'): Promise<string> {
  const discover = new DiscoverRepository(db, 30 * 86_400_000);
  const viewer = await discover.viewer(VIEWER.id);
  const { recent } = discover.queries({ ...viewer, interestIds: new Set() }, { page: 1, per_page: 10 }, new Date());
  return explain(db, dialect, recent.compile());
}

interface Run {
  dialect: 'sqlite' | 'postgres';
  members: number;
  generateSeconds: number;
  discover: Latencies;
  baseline: Latencies;
  itemsPerPage: number;
  plan: string;
}

async function runOne(dialect: 'sqlite' | 'postgres', members: number, baselineUrl: string): Promise<Run> {
  const database = await freshDatabase(dialect, 'discover');
  let server: Awaited<ReturnType<typeof startServer>>['server'] | undefined;
  try {
    const t0 = performance.now();
    await generateMembers(database.db, members);
    await database.analyze();
    const generateSeconds = Math.round((performance.now() - t0) / 100) / 10;
    const plan = await queryPlan(database.db, dialect);

    const started = await startServer(database.dataDir, database.databaseUrl);
    server = started.server;
    const { base, headers } = started;
    const sample = await fetch(`${base}/api/matches/discover`, { headers });
    if (!sample.ok) throw new Error(`discover failed: ${sample.status} ${await sample.text()}`);
    const itemsPerPage = ((await sample.json()) as { data: { items: unknown[] } }).data.items.length;
    // Warm-up, then the measurements (baseline right after, under the same conditions).
    await load(`${base}/api/matches/discover`, headers);
    const discover = await load(`${base}/api/matches/discover`, headers);
    const baseline = await load(baselineUrl, {});
    return { dialect, members, generateSeconds, discover, baseline, itemsPerPage, plan };
  } finally {
    if (server) await stop(server);
    await database.dispose();
  }
}

function markdown(runs: Run[], verdicts: string[]): string {
  const lines = [
    '# Discover benchmark',
    '',
    `${new Date().toISOString()} · Node ${process.version} · ${os.availableParallelism()} CPUs · ${concurrency} concurrent clients · ${durationMs / 1000}s per measurement`,
    '',
    '| database | members | generate s | cards | discover req/s | p50 ms | p95 ms | p99 ms | errors | bare Fastify req/s | bare p95 ms |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...runs.map((r) => `| ${r.dialect} | ${r.members} | ${r.generateSeconds} | ${r.itemsPerPage} | ${r.discover.rps} | ${r.discover.p50} | ${r.discover.p95} | ${r.discover.p99} | ${r.discover.errors} | ${r.baseline.rps} | ${r.baseline.p95} |`),
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
        console.log(`${dialect}: ${members} members…`);
        const run = await runOne(dialect, members, baseline.url);
        console.log(`  discover p50 ${run.discover.p50} ms, p95 ${run.discover.p95} ms, p99 ${run.discover.p99} ms, ${run.discover.rps} req/s (bare Fastify ${run.baseline.rps} req/s)`);
        runs.push(run);
      }
    }
  } finally {
    await baseline.stop();
  }
  const verdict = verdicts(runs.map((r) => ({ dialect: r.dialect, size: r.members, p95: r.discover.p95 })), 'members');
  for (const line of verdict.lines) console.log(line);
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, 'discover-latest.json'), `${JSON.stringify({ date: new Date().toISOString(), concurrency, durationMs, runs, verdicts: verdict.lines }, null, 2)}\n`);
  fs.writeFileSync(path.join(resultsDir, 'discover-latest.md'), markdown(runs, verdict.lines));
  console.log(`written to ${path.relative(repoRoot, path.join(resultsDir, 'discover-latest.md'))}`);
  if (verdict.failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
