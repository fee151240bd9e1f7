// What the populated-database benchmarks (discover, feed) share: generated members in a fresh database, the
// real server started on it, a fixed number of clients measuring one endpoint, and a bare Fastify
// route measured in the same run as the machine's baseline.
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
import { demoPreferences } from '../apps/server/src/seed/members';
import { createRandom } from '../apps/server/src/seed/random';
import { ensureInterestCatalogue } from '../apps/server/src/db/interest-catalogue';
import { cityCell } from '../apps/server/src/lib/geo';
import { hashPassword } from '../apps/server/src/lib/password';
import { birthDateBounds } from '../apps/server/src/lib/time';
import { freePort, stop, waitForHealthy } from './support';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(benchDir, '..');
export const resultsDir = path.join(benchDir, 'results');

export const durationMs = Math.max(2, Number(process.env.BENCH_DURATION ?? 10)) * 1000;
export const concurrency = Math.max(1, Number(process.env.BENCH_CONNECTIONS ?? 8));
export const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
/** The member every measurement signs in as: a man of 30 in Johannesburg looking for women of 25–35. */
export const VIEWER = { id: 'bench-viewer', email: 'bench.viewer@example.com', password: 'bench-viewer-password-1' };
const BATCH = 400;

/** `1000,100000` from an environment variable, each at least 10. */
export const sizesFrom = (value: string | undefined, fallback: string) =>
  (value ?? fallback).split(',').map((s) => Math.max(10, Number.parseInt(s, 10) || 1000));

export interface Latencies {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

/** `concurrency` clients request `url` back to back for `durationMs`; exact percentiles of every request. */
export async function load(url: string, headers: Record<string, string>): Promise<Latencies> {
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

const CITIES = Object.entries(PROVINCES).flatMap(([province, cities]) => cities.map((city) => ({ province, city })));
const iso = (ms: number) => new Date(ms).toISOString();

export interface GeneratedMember {
  id: string;
  gender: 'female' | 'male' | 'non_binary';
  age: number;
}

/**
 * Writes the viewer and `count` members (profile, preferences, interests, one photo row each)
 * with a seeded PRNG; answers them (the viewer first).
 */
export async function generateMembers(db: Kysely<Database>, count: number): Promise<GeneratedMember[]> {
  const random = createRandom(4_242);
  const interestIds = [...(await ensureInterestCatalogue(db)).values()];
  const now = Date.now();
  const passwordHash = await hashPassword(VIEWER.password);
  const members: (GeneratedMember & { email: string; hash: string; city: (typeof CITIES)[number] })[] = [
    { id: VIEWER.id, gender: 'male', age: 30, email: VIEWER.email, hash: passwordHash, city: CITIES[0]! },
  ];
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
        const prefs = m.id === VIEWER.id
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
  return members.map(({ id, gender, age }) => ({ id, gender, age }));
}

/** EXPLAIN of a compiled query: SQLite's query plan, or PostgreSQL's plan with actual row counts. */
export async function explain(db: Kysely<Database>, dialect: 'sqlite' | 'postgres', compiled: { sql: string; parameters: readonly unknown[] }): Promise<string> {
  const prefix = dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ';
  const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]));
  return result.rows.map((row) => (dialect === 'sqlite' ? `${' '.repeat(Number(row.parent) > 0 ? 2 : 0)}${String(row.detail)}` : String(row['QUERY PLAN']))).join('\n');
}

/** A fresh database of the dialect (PostgreSQL: a new database beside `postgresUrl`), migrated. */
export async function freshDatabase(dialect: 'sqlite' | 'postgres', tag: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `linkup-bench-${tag}-`));
  let databaseUrl = '';
  let drop = async () => {};
  if (dialect === 'postgres') {
    const name = `linkup_bench_${Date.now()}_${process.pid}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = async () => {
      const again = new pg.Client({ connectionString: postgresUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    };
  }
  const database = createDatabase({ databaseUrl, dataDir, poolMax: 4 });
  await migrateToLatest(database.db);
  return {
    db: database.db,
    dataDir,
    databaseUrl,
    /** Refreshes the planner's statistics after the data is written. */
    analyze: () => database.db.executeQuery(CompiledQuery.raw('ANALYZE')),
    async dispose() {
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The real server on that database (`env` adds settings), and the viewer's bearer token. */
export async function startServer(dataDir: string, databaseUrl: string, env: Record<string, string> = {}): Promise<{ server: ChildProcess; base: string; headers: Record<string, string> }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // BENCH_PROFILE_DIR=<dir> writes a CPU profile of the server (open it in Chrome DevTools).
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const server = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: base, DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl, REDIS_URL: '', SEED_DEMO_DATA: 'false', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '1000000000', AUTH_RATE_LIMIT_MAX: '1000',
      ...env,
    },
  });
  try {
    await waitForHealthy(`${base}/api/health`, server);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: VIEWER.email, password: VIEWER.password }),
    });
    if (!login.ok) throw new Error(`viewer sign-in failed: ${login.status} ${await login.text()}`);
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    return { server, base, headers: { authorization: `Bearer ${token}` } };
  } catch (error) {
    await stop(server);
    throw error;
  }
}

/** A bare Fastify route on its own port: the machine's baseline, measured beside each run. */
export async function startBaseline(): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', [
    "const app = require('fastify')();",
    "app.get('/', async () => ({ ok: true }));",
    `app.listen({ port: ${port}, host: '127.0.0.1' });`,
  ].join('')], { cwd: path.join(repoRoot, 'apps/server'), stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}/`;
  await waitForHealthy(url, child);
  return { url, pid: child.pid!, stop: () => stop(child) };
}

/** The p95 (or another percentile's) ratio between the largest and smallest size of each dialect, against the target of 2. */
export function verdicts<R extends { dialect: string; size: number; p95: number }>(runs: readonly R[], what: string, percentile = 'p95'): { lines: string[]; failed: boolean } {
  const lines: string[] = [];
  let failed = false;
  for (const dialect of new Set(runs.map((r) => r.dialect))) {
    const mine = runs.filter((r) => r.dialect === dialect).sort((a, b) => a.size - b.size);
    const [small, large] = [mine[0]!, mine.at(-1)!];
    if (small === large) continue;
    const ratio = Math.round((large.p95 / small.p95) * 100) / 100;
    const ok = ratio <= 2;
    failed ||= !ok;
    lines.push(`${dialect}: ${percentile} at ${large.size} ${what} is ${ratio}× ${percentile} at ${small.size} (target ≤ 2): ${ok ? 'met' : 'NOT met'}`);
  }
  return { lines, failed };
}
