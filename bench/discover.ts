// Discover benchmark (`npm run bench:discover`): does GET /api/matches/discover stay fast as the
// membership grows? For each database (SQLite always; PostgreSQL when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set) and each size (1,000 and 100,000 members by default) it generates
// members with a seeded PRNG straight into a fresh database, starts the real server on it, signs
// in a viewer and measures discover latency with a fixed number of concurrent clients; a bare
// Fastify route measured in the same run is the machine baseline. It prints and writes
// bench/results/discover-latest.{json,md} with p50/p95/p99, requests per second, the p95 ratio
// between the largest and the smallest size (target ≤ 2) and the database's query plans.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROVINCES } from '@linkup/contract';
import { CompiledQuery, type Kysely } from 'kysely';
import pg from 'pg';
import { createDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import type { Database } from '../apps/server/src/db/schema';
import { demoPreferences } from '../apps/server/src/db/seed/members';
import { createRandom } from '../apps/server/src/db/seed/random';
import { ensureInterestCatalogue } from '../apps/server/src/db/seed/seed';
import { cityCell } from '../apps/server/src/lib/geo';
import { hashPassword } from '../apps/server/src/lib/password';
import { DiscoverQueryRunner, birthDateBounds, readPreferences } from '../apps/server/src/modules/matches/discover';
import { freePort, sleep } from './support';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const resultsDir = path.join(benchDir, 'results');

const sizes = (process.env.BENCH_DISCOVER_SIZES ?? '1000,100000').split(',').map((s) => Math.max(10, Number.parseInt(s, 10) || 1000));
const durationMs = Math.max(2, Number(process.env.BENCH_DURATION ?? 10)) * 1000;
const concurrency = Math.max(1, Number(process.env.BENCH_CONNECTIONS ?? 8));
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
const VIEWER = { email: 'bench.viewer@example.com', password: 'bench-viewer-password-1' };
const BATCH = 400;

interface Latencies {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

/** `concurrency` clients request `url` back to back for `durationMs`; exact percentiles of every request. */
async function load(url: string, headers: Record<string, string>): Promise<Latencies> {
  const times: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        if (!response.ok) errors += 1;
      } catch {
        errors += 1;
      }
      times.push(performance.now() - t0);
    }
  }));
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p: number) => Math.round((times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0) * 100) / 100;
  return { requests: times.length, errors, rps: Math.round(times.length / elapsed), p50: pct(50), p95: pct(95), p99: pct(99) };
}

async function waitForHealthy(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000}s`);
}

function stop(child: ChildProcess): Promise<void> {
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

const CITIES = Object.entries(PROVINCES).flatMap(([province, cities]) => cities.map((city) => ({ province, city })));
const iso = (ms: number) => new Date(ms).toISOString();

/** Writes the viewer and `count` members (profile, preferences, interests, one photo row each). */
async function generate(db: Kysely<Database>, count: number): Promise<void> {
  const random = createRandom(4_242);
  const interestIds = [...(await ensureInterestCatalogue(db)).values()];
  const now = Date.now();
  const passwordHash = await hashPassword(VIEWER.password);
  const viewerAge = 30;
  const members: { id: string; gender: 'female' | 'male' | 'non_binary'; age: number; email: string; hash: string; city: (typeof CITIES)[number] }[] = [{ id: 'bench-viewer', gender: 'male', age: viewerAge, email: VIEWER.email, hash: passwordHash, city: CITIES[0]! }];
  for (let i = 0; i < count; i += 1) {
    members.push({
      id: `bench-${String(i).padStart(7, '0')}`,
      gender: random.weighted([['female', 47], ['male', 47], ['non_binary', 6]] as const),
      age: random.int(18, 60),
      email: `bench.${i}@example.com`,
      hash: '',
      city: random.pick(CITIES),
    });
  }
  for (let start = 0; start < members.length; start += BATCH) {
    const batch = members.slice(start, start + BATCH);
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('users').values(batch.map((m, j) => {
        const activeAgo = random.int(0, 30 * 24 * 60) * 60_000;
        return {
          id: m.id, name: `Member ${start + j}`, email: m.email, phone_number: null, password_hash: m.hash || null,
          date_of_birth: birthDateBounds(m.age, m.age, new Date(now)).onOrBefore, gender: m.gender, about: 'Bench member.',
          city: m.city.city, province: m.city.province, location_cell: cityCell(m.city.city),
          marital_status: 'single', body_type: 'average', relationship_type: random.pick(['long_term', 'short_term', 'friendship'] as const),
          how_often_drink: 'socially', love_language: 'quality_time', height_cm: 170, job_title: null, education: null,
          profile_completed: true, onboarding_completed_at: iso(now - activeAgo), email_verified_at: iso(now), phone_verified_at: null,
          is_demo: false, last_active_at: iso(now - activeAgo), created_at: iso(now - activeAgo - 86_400_000), updated_at: iso(now),
        };
      })).execute();
      await trx.insertInto('user_preferences').values(batch.map((m) => {
        const prefs = m.id === 'bench-viewer'
          ? { genders: ['female'], ageMin: 25, ageMax: 35, maxDistanceKm: null, relationshipTypes: [], strictFields: ['genders', 'age'] }
          : demoPreferences({ gender: m.gender, age: m.age, relationshipType: 'long_term', photoSeed: Number(m.id.replace(/\D/g, '') || 1) });
        return {
          user_id: m.id, genders: JSON.stringify(prefs.genders), age_min: prefs.ageMin, age_max: prefs.ageMax, max_distance_km: prefs.maxDistanceKm,
          relationship_types: JSON.stringify(prefs.relationshipTypes), strict_fields: JSON.stringify(prefs.strictFields), created_at: iso(now), updated_at: iso(now),
        };
      })).execute();
      await trx.insertInto('user_interests').values(batch.flatMap((m) =>
        random.sample(interestIds, 4).map((interestId) => ({ user_id: m.id, interest_id: interestId })),
      )).execute();
      await trx.insertInto('user_photos').values(batch.map((m) => ({
        id: `photo-${m.id}`, user_id: m.id, position: 0, is_primary: true, storage_key: `photos/${m.id}/large.webp`, width: 1080, height: 1080, created_at: iso(now),
      }))).execute();
    });
  }
}

/** The database's plan for the discover window query of the viewer. */
async function queryPlan(db: Kysely<Database>, dialect: 'sqlite' | 'postgres'): Promise<string> {
  const [user, prefs] = await Promise.all([
    db.selectFrom('users').selectAll().where('id', '=', 'bench-viewer').executeTakeFirstOrThrow(),
    db.selectFrom('user_preferences').selectAll().where('user_id', '=', 'bench-viewer').executeTakeFirst(),
  ]);
  const runner = new DiscoverQueryRunner(db, 30 * 86_400_000);
  const { recent } = runner.queries({ ...user, interestIds: new Set(), preferences: readPreferences(prefs) }, { page: 1, per_page: 10 }, new Date());
  const compiled = recent.compile();
  const prefix = dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ';
  const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]));
  return result.rows.map((row) => (dialect === 'sqlite' ? `${' '.repeat(Number(row.parent) > 0 ? 2 : 0)}${String(row.detail)}` : String(row['QUERY PLAN']))).join('\n');
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
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-bench-discover-'));
  let databaseUrl = '';
  let dropDatabase = async () => {};
  if (dialect === 'postgres') {
    const name = `linkup_bench_${Date.now()}_${process.pid}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const again = new pg.Client({ connectionString: postgresUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    };
  }
  const database = createDatabase({ databaseUrl, dataDir, poolMax: 4 });
  let server: ChildProcess | undefined;
  try {
    await migrateToLatest(database.db);
    const t0 = performance.now();
    await generate(database.db, members);
    await database.db.executeQuery(CompiledQuery.raw('ANALYZE'));
    const generateSeconds = Math.round((performance.now() - t0) / 100) / 10;
    const plan = await queryPlan(database.db, dialect);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // BENCH_PROFILE_DIR=<dir> writes a CPU profile of the server (open it in Chrome DevTools).
    const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
    server = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: base, DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl, REDIS_URL: '', SEED_DEMO_DATA: 'false', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '1000000000', AUTH_RATE_LIMIT_MAX: '1000',
      },
    });
    await waitForHealthy(`${base}/api/health`, server);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: VIEWER.email, password: VIEWER.password }),
    });
    if (!login.ok) throw new Error(`viewer sign-in failed: ${login.status} ${await login.text()}`);
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const headers = { authorization: `Bearer ${token}` };
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
    await database.close();
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
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
  const baselinePort = await freePort();
  const baseline = spawn(process.execPath, ['-e', [
    "const app = require('fastify')();",
    "app.get('/', async () => ({ ok: true }));",
    `app.listen({ port: ${baselinePort}, host: '127.0.0.1' });`,
  ].join('')], { cwd: path.join(repoRoot, 'apps/server'), stdio: ['ignore', 'ignore', 'inherit'] });
  const baselineUrl = `http://127.0.0.1:${baselinePort}/`;
  const runs: Run[] = [];
  try {
    await waitForHealthy(baselineUrl, baseline);
    const dialects: ('sqlite' | 'postgres')[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];
    for (const dialect of dialects) {
      for (const members of sizes) {
        console.log(`${dialect}: ${members} members…`);
        const run = await runOne(dialect, members, baselineUrl);
        console.log(`  discover p50 ${run.discover.p50} ms, p95 ${run.discover.p95} ms, p99 ${run.discover.p99} ms, ${run.discover.rps} req/s (bare Fastify ${run.baseline.rps} req/s)`);
        runs.push(run);
      }
    }
  } finally {
    await stop(baseline);
  }
  const verdicts: string[] = [];
  let failed = false;
  for (const dialect of new Set(runs.map((r) => r.dialect))) {
    const mine = runs.filter((r) => r.dialect === dialect).sort((a, b) => a.members - b.members);
    const [small, large] = [mine[0]!, mine.at(-1)!];
    if (small === large) continue;
    const ratio = Math.round((large.discover.p95 / small.discover.p95) * 100) / 100;
    const ok = ratio <= 2;
    failed ||= !ok;
    verdicts.push(`${dialect}: p95 at ${large.members} members is ${ratio}× p95 at ${small.members} (target ≤ 2): ${ok ? 'met' : 'NOT met'}`);
  }
  for (const verdict of verdicts) console.log(verdict);
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, 'discover-latest.json'), `${JSON.stringify({ date: new Date().toISOString(), concurrency, durationMs, runs, verdicts }, null, 2)}\n`);
  fs.writeFileSync(path.join(resultsDir, 'discover-latest.md'), markdown(runs, verdicts));
  console.log(`written to ${path.relative(repoRoot, path.join(resultsDir, 'discover-latest.md'))}`);
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
