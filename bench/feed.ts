// Feed benchmark (`npm run bench:feed`): does GET /api/feed stay fast as the posts grow? For each
// database (SQLite always; PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set) and
// each size (1,000 and 100,000 posts by default) it generates members — each with one post, some
// with likes — with a seeded PRNG straight into a fresh database, starts the real server on it,
// signs in a viewer and measures the first feed page and a later page (by cursor) with a fixed
// number of concurrent clients; a bare Fastify route measured in the same run is the machine
// baseline. It writes bench/results/feed-latest.{json,md}: p50/p95/p99, requests per second, the
// p95 ratio between the largest and smallest size (target ≤ 2) and the database's query plans.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FEED_PAGE_SIZES, FeedQuerySchema, type FeedPage } from '@linkup/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../apps/server/src/db/schema';
import { createRandom } from '../apps/server/src/seed/random';
import { feedPolicy } from '../apps/server/src/modules/feed/feed.policy';
import { FEED_WINDOW, FeedRepository } from '../apps/server/src/modules/feed/feed.repository';
import { preferenceValues } from '../apps/server/src/modules/shared/preferences';
import {
  VIEWER, concurrency, durationMs, explain, freshDatabase, generateMembers, load, postgresUrl, repoRoot, resultsDir, sizesFrom, startBaseline,
  startServer, verdicts, type GeneratedMember, type Latencies,
} from './populated';
import { stop } from './support';
import { systemClock } from '../apps/server/src/lib/clock';

const sizes = sizesFrom(process.env.BENCH_FEED_SIZES, '1000,100000');
const BATCH = 400;
const RELATIONSHIPS = ['long_term', 'short_term', 'friendship', 'marriage', 'casual', 'not_sure'] as const;
const iso = (ms: number) => new Date(ms).toISOString();

/** One post per member (not the viewer), spread over the last 60 days; a fifth of them with 1–5 likes. */
async function generatePosts(db: Kysely<Database>, members: readonly GeneratedMember[]): Promise<number> {
  const random = createRandom(9_090);
  const now = Date.now();
  const authors = members.filter((m) => m.id !== VIEWER.id);
  let likes = 0;
  for (let start = 0; start < authors.length; start += BATCH) {
    const batch = authors.slice(start, start + BATCH);
    const posts = batch.map((m) => {
      const created = now - random.int(0, 60 * 24 * 60) * 60_000 - random.int(0, 59_999);
      const min = Math.max(18, m.age - random.int(2, 10));
      return {
        id: `post-${m.id}`, user_id: m.id, marital_status: 'single', relationship_type: random.pick(RELATIONSHIPS), how_often_drink: 'socially',
        love_language: 'quality_time', body_type: 'average', profile_description: 'Bench post.', is_available: random.chance(0.95),
        preferred_age_min: min, preferred_age_max: Math.min(99, min + random.int(6, 20)), preferred_body_type: null,
        preferred_city: random.chance(0.1) ? 'Cape Town' : null, preferred_drinking: null, preferred_love_language: null, preferred_marital_status: null,
        created_at: iso(created), updated_at: iso(created),
      };
    });
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('feed_posts').values(posts).execute();
      const rows = posts.flatMap((post) => (random.chance(0.2)
        ? random.sample(members, random.int(1, 5)).filter((m) => m.id !== post.user_id).map((m) => ({ post_id: post.id, user_id: m.id, created_at: post.created_at }))
        : []));
      if (rows.length > 0) await trx.insertInto('feed_post_likes').values(rows).execute();
      likes += rows.length;
    });
  }
  return likes;
}

/** The database's plans for the viewer's first feed page: where the first window ends, and the window's posts that fit. */
async function queryPlan(db: Kysely<Database>, dialect: 'sqlite' | 'postgres'): Promise<string> {
  const repo = new FeedRepository(db, systemClock);
  const [viewer, prefs] = await Promise.all([repo.viewer(VIEWER.id), repo.preferences(VIEWER.id)]);
  const walk = feedPolicy.walk(viewer!, preferenceValues(prefs), FeedQuerySchema.parse({}), new Date());
  const end = await repo.windowEnd(null, FEED_WINDOW.first);
  const boundary = db.selectFrom('feed_posts as p').select(['p.created_at', 'p.id']).orderBy('p.created_at', 'desc').orderBy('p.id', 'desc')
    .limit(1).offset(FEED_WINDOW.first - 1);
  return [
    `-- the end of the first window (${FEED_WINDOW.first} newest posts)`,
    await explain(db, dialect, boundary.compile()),
    '-- the posts of that window that fit the viewer',
    await explain(db, dialect, repo.windowQuery(walk, null, end).compile()),
  ].join('\n');
}

interface Run {
  dialect: 'sqlite' | 'postgres';
  posts: number;
  likes: number;
  generateSeconds: number;
  firstPage: Latencies;
  laterPage: Latencies;
  baseline: Latencies;
  postsPerPage: number;
  plan: string;
}

async function runOne(dialect: 'sqlite' | 'postgres', posts: number, baselineUrl: string): Promise<Run> {
  const database = await freshDatabase(dialect, 'feed');
  let server: Awaited<ReturnType<typeof startServer>>['server'] | undefined;
  try {
    const t0 = performance.now();
    const members = await generateMembers(database.db, posts);
    const likes = await generatePosts(database.db, members);
    await database.analyze();
    const generateSeconds = Math.round((performance.now() - t0) / 100) / 10;
    const plan = await queryPlan(database.db, dialect);

    const started = await startServer(database.dataDir, database.databaseUrl);
    server = started.server;
    const { base, headers } = started;
    // The cursor of page 5: a member who has scrolled a while.
    let cursor: string | null = null;
    let postsPerPage = 0;
    for (let page = 1; page <= 4; page += 1) {
      const response = await fetch(`${base}/api/feed?page=${page}${cursor ? `&cursor=${cursor}` : ''}`, { headers });
      if (!response.ok) throw new Error(`feed failed: ${response.status} ${await response.text()}`);
      const data = ((await response.json()) as { data: FeedPage }).data;
      if (page === 1) postsPerPage = data.posts.length;
      cursor = data.next_cursor;
      if (!cursor) break;
    }
    const first = `${base}/api/feed`;
    const later = cursor ? `${base}/api/feed?page=5&cursor=${cursor}` : first;
    // Warm-up, then the measurements (baseline right after, under the same conditions).
    await load(first, headers);
    const firstPage = await load(first, headers);
    const laterPage = await load(later, headers);
    const baseline = await load(baselineUrl, {});
    return { dialect, posts, likes, generateSeconds, firstPage, laterPage, baseline, postsPerPage, plan };
  } finally {
    if (server) await stop(server);
    await database.dispose();
  }
}

function markdown(runs: Run[], verdictLines: string[]): string {
  return [
    '# Feed benchmark',
    '',
    `${new Date().toISOString()} · Node ${process.version} · ${os.availableParallelism()} CPUs · ${concurrency} concurrent clients · ${durationMs / 1000}s per measurement · ${FEED_PAGE_SIZES.posts} posts a page`,
    '',
    '| database | posts | likes | generate s | posts shown | page 1 req/s | p50 ms | p95 ms | p99 ms | page 5 p95 ms | errors | bare Fastify req/s | bare p95 ms |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...runs.map((r) => `| ${r.dialect} | ${r.posts} | ${r.likes} | ${r.generateSeconds} | ${r.postsPerPage} | ${r.firstPage.rps} | ${r.firstPage.p50} | ${r.firstPage.p95} | ${r.firstPage.p99} | ${r.laterPage.p95} | ${r.firstPage.errors + r.laterPage.errors} | ${r.baseline.rps} | ${r.baseline.p95} |`),
    '',
    ...verdictLines.map((v) => `- ${v}`),
    '',
    ...runs.flatMap((r) => [`## Plan: ${r.dialect}, ${r.posts} posts`, '', '```', r.plan, '```', '']),
  ].join('\n');
}

async function main(): Promise<void> {
  const baseline = await startBaseline();
  const runs: Run[] = [];
  try {
    const dialects: ('sqlite' | 'postgres')[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];
    for (const dialect of dialects) {
      for (const posts of sizes) {
        console.log(`${dialect}: ${posts} posts…`);
        const run = await runOne(dialect, posts, baseline.url);
        console.log(`  feed p50 ${run.firstPage.p50} ms, p95 ${run.firstPage.p95} ms, p99 ${run.firstPage.p99} ms, ${run.firstPage.rps} req/s; page 5 p95 ${run.laterPage.p95} ms (bare Fastify ${run.baseline.rps} req/s)`);
        runs.push(run);
      }
    }
  } finally {
    await baseline.stop();
  }
  const verdict = verdicts(runs.map((r) => ({ dialect: r.dialect, size: r.posts, p95: r.firstPage.p95 })), 'posts');
  const errors = runs.reduce((n, r) => n + r.firstPage.errors + r.laterPage.errors, 0);
  for (const line of verdict.lines) console.log(line);
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, 'feed-latest.json'), `${JSON.stringify({ date: new Date().toISOString(), concurrency, durationMs, runs, verdicts: verdict.lines }, null, 2)}\n`);
  fs.writeFileSync(path.join(resultsDir, 'feed-latest.md'), markdown(runs, verdict.lines));
  console.log(`written to ${path.relative(repoRoot, path.join(resultsDir, 'feed-latest.md'))}`);
  if (verdict.failed || errors > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
