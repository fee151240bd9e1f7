// Issue 33: background jobs on one port, on both back-ends — in-process (the database keeps
// failures and schedule slots) and BullMQ on a real Redis — through the apps' composition root:
// retries with backoff, failures kept and listed (also by `npm run admin -- jobs failed`),
// idempotent enqueue, the drain, and a scheduled job that runs once across three app instances.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobOutcome, Jobs } from '../src/adapters/jobs/jobs';
import { DevMailSender } from '../src/adapters/mail/dev-mail';
import { QueuedMail } from '../src/adapters/mail/queued-mail';
import { REPO_ROOT } from '../src/config';
import { createDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { buildTestApp, type TestApp } from './helpers/app';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/database';
import { buildUser } from './helpers/factories';
import { makeDataDir, redisKeyPrefix, removeDataDir } from './helpers/isolation';
import { allOf, needsEnv, onlyIf, type Requirement } from './helpers/requires';
import { until } from './helpers/sockets';

const run = promisify(execFile);
const METRICS_TOKEN = 'jobs-test-metrics-token';

async function metricsOf(t: TestApp): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** How many runs of the reminder job this app completed, from its /metrics. */
async function reminderRuns(t: TestApp): Promise<number> {
  const line = (await metricsOf(t)).split('\n').find((l) => l.startsWith('linkup_job_runs_total{name="reminder",outcome="completed"}'));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

interface Backend {
  name: 'in-process' | 'bullmq';
  requirement: Requirement;
  /** The app's environment; `block` keeps each describe block's BullMQ queue its own. */
  env(block: string): Record<string, string>;
}

const backends: Backend[] = [
  { name: 'in-process', requirement: onlyIf(true, ''), env: () => ({ REDIS_URL: '' }) },
  {
    name: 'bullmq', requirement: needsEnv('REDIS_URL'),
    env: (block) => ({ REDIS_URL: process.env.REDIS_URL ?? '', REDIS_KEY_PREFIX: `${redisKeyPrefix()}${block}:` }),
  },
];

/**
 * A fresh migrated database in this run's dialect, with what `npm run admin` needs to open it
 * (a SQLite file in DATA_DIR, or PostgreSQL's URL).
 */
async function openDatabase(): Promise<{ database: TestDatabase; env: Record<string, string> }> {
  if (testDialect() === 'postgres') {
    const database = await createTestDatabase();
    return { database, env: { DATABASE_URL: database.url! } };
  }
  const dir = makeDataDir();
  const handle = createDatabase({ dataDir: dir });
  await migrateToLatest(handle.db);
  return {
    database: { ...handle, destroy: async () => { await handle.close(); removeDataDir(dir); } },
    env: { DATABASE_URL: '', DATA_DIR: dir },
  };
}

/** Runs `test` on an app of its own on a fresh database, closing and removing both after. */
async function onFreshApp(backend: Backend, block: string, test: (t: TestApp, database: TestDatabase) => Promise<void>): Promise<void> {
  const db = await openDatabase();
  const t = await buildTestApp(backend.env(block), { database: db.database });
  try {
    await test(t, db.database);
  } finally {
    await t.close().catch(() => undefined);
    await db.database.destroy();
  }
}

/** Every attempt's outcome the app's jobs report, for the job `name`. */
function outcomesOf(jobs: Jobs, name: string): JobOutcome[] {
  const seen: JobOutcome[] = [];
  jobs.observe((outcome) => {
    if (outcome.name === name) seen.push(outcome);
  });
  return seen;
}

describe.each(backends)('jobs ($name)', (backend) => {
  describe('on one app', backend.requirement, () => {
    let t: TestApp;
    let db: Awaited<ReturnType<typeof openDatabase>>;
    let jobs: Jobs;
    beforeAll(async () => {
      db = await openDatabase();
      t = await buildTestApp({ ...backend.env('one'), METRICS_TOKEN }, { database: db.database });
      jobs = t.app.services.jobs;
    });
    afterAll(async () => {
      await t.close();
      await db.database.destroy();
    });

    it('runs on the back-end its configuration chose', () => {
      expect(jobs.kind).toBe(backend.name);
    });

    it('retries a failing job with growing delays until it succeeds', async () => {
      const attempts: number[] = [];
      jobs.register('test.flaky', async () => {
        attempts.push(Date.now());
        if (attempts.length < 3) throw new Error(`not yet (${attempts.length})`);
      });
      const outcomes = outcomesOf(jobs, 'test.flaky');
      await jobs.enqueue('test.flaky', { n: 1 }, { attempts: 4, backoffMs: 100 });
      await until(() => outcomes.some((o) => o.outcome === 'completed'), 15_000);
      expect(outcomes.map((o) => o.outcome)).toEqual(['retrying', 'retrying', 'completed']);
      expect(attempts).toHaveLength(3);
      // Exponential: the second wait is about twice the first (each at least its backoff). Timers
      // run on the monotonic clock in whole milliseconds while Date.now() is the wall clock, so a
      // wait can read up to 2 ms short of its delay (CI saw 199 for 200).
      const slack = 2;
      expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(100 - slack);
      expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(200 - slack);
      expect((await jobs.failed(100)).filter((f) => f.name === 'test.flaky')).toEqual([]);
    });

    it('keeps a job that failed every attempt and lists it, in the app and through `npm run admin -- jobs failed`', async () => {
      jobs.register('test.doomed', async (data) => {
        throw new Error(`smtp refused ${(data as { to: string }).to}`);
      });
      const outcomes = outcomesOf(jobs, 'test.doomed');
      await jobs.enqueue('test.doomed', { to: 'ayo@example.com' }, { jobId: 'receipt-evt_42', attempts: 2, backoffMs: 20 });
      await until(() => outcomes.some((o) => o.outcome === 'failed'), 15_000);
      expect(outcomes.map((o) => o.outcome)).toEqual(['retrying', 'failed']);

      const failed = (await jobs.failed(10)).filter((f) => f.name === 'test.doomed');
      expect(failed).toEqual([
        { name: 'test.doomed', id: 'receipt-evt_42', attempts: 2, error: 'smtp refused ayo@example.com', failedAt: expect.any(String) },
      ]);
      expect(Math.abs(Date.parse(failed[0]!.failedAt) - Date.now())).toBeLessThan(60_000);
      expect((await jobs.counts()).failed).toBeGreaterThanOrEqual(1);
      const metrics = await metricsOf(t);
      expect(metrics).toContain('linkup_job_runs_total{name="test.doomed",outcome="failed"} 1');
      expect(metrics).toContain('linkup_job_runs_total{name="test.doomed",outcome="retrying"} 1');
      expect(Number(/^linkup_jobs_queued\{state="failed"\} (\d+)$/m.exec(metrics)?.[1])).toBeGreaterThanOrEqual(1);

      const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/admin/cli.ts'), 'jobs', 'failed'], {
        cwd: REPO_ROOT,
        env: { ...process.env, NODE_ENV: 'test', ...db.env, ...backend.env('one') },
      });
      const line = stdout.split('\n').find((l) => l.includes('receipt-evt_42'));
      expect(stdout).toContain(`failed jobs (${backend.name})`);
      expect(line?.split('\t')).toEqual([failed[0]!.failedAt, 'test.doomed', 'receipt-evt_42', 'attempts=2', 'smtp refused ayo@example.com']);
    }, 60_000);

    it('runs a job once however often it is enqueued with the same id, also after it ran', async () => {
      let runs = 0;
      jobs.register('test.once', async () => {
        runs += 1;
      });
      const outcomes = outcomesOf(jobs, 'test.once');
      await Promise.all([1, 2, 3].map(() => jobs.enqueue('test.once', {}, { jobId: 'like-evt_7' })));
      await until(() => outcomes.length === 1, 15_000);
      await jobs.enqueue('test.once', {}, { jobId: 'like-evt_7' });
      // Another id runs, and runs after the repeats: had a repeat been queued, it ran before this.
      await jobs.enqueue('test.once', {}, { jobId: 'like-evt_8' });
      await until(() => outcomes.length >= 2, 15_000);
      expect(outcomes.map((o) => o.id)).toEqual(['like-evt_7', 'like-evt_8']);
      expect(runs).toBe(2);
    });
  });

  describe('e-mail as jobs', backend.requirement, () => {
    it('sends a queued receipt once through the real sender, however often it is queued', () => onFreshApp(backend, 'mail', async (t) => {
      const jobs = t.app.services.jobs;
      const outbox = t.app.services.outbox!;
      const mail = new QueuedMail(jobs, new DevMailSender(outbox));
      const sent = outcomesOf(jobs, 'mail');
      const receipt = { key: 'receipt:pay_1', to: 'zola@example.com', subject: 'Your LinkUp Premium receipt', text: 'Thank you for your payment.' };
      await Promise.all([mail.send(receipt), mail.send(receipt)]);
      await mail.send({ to: 'zola@example.com', subject: 'Another', text: 'No key: a mail of its own.' });
      await until(() => sent.length >= 2, 15_000);
      expect(sent.map((o) => o.outcome)).toEqual(['completed', 'completed']);
      expect((await outbox.list('zola@example.com')).map((m) => m.subject).sort()).toEqual(['Another', 'Your LinkUp Premium receipt']);
    }), 30_000);
  });

  describe('the drain', backend.requirement, () => {
    it('lets the running job finish before the app has closed', () => onFreshApp(backend, 'drain', async (t) => {
      const jobs = t.app.services.jobs;
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const events: string[] = [];
      jobs.register('test.slow', async () => {
        events.push('started');
        await released;
        events.push('finished');
      });
      await jobs.enqueue('test.slow', {});
      await until(() => events.includes('started'), 15_000);
      const outcomes = outcomesOf(jobs, 'test.slow');
      const closing = t.app.close().then(() => events.push('closed'));
      expect(events).toEqual(['started']);
      release();
      await closing;
      expect(events).toEqual(['started', 'finished', 'closed']);
      expect(outcomes.map((o) => o.outcome)).toEqual(['completed']);
    }), 30_000);
  });

  describe('a stop without Redis', allOf(backend.requirement, onlyIf(backend.name === 'in-process', 'BullMQ keeps a waiting job in Redis for the next worker')), () => {
    it('keeps a job still waiting for its time as failed when the process stops, so `jobs failed` shows what was lost', () => onFreshApp(backend, 'stop', async (t, database) => {
      const jobs = t.app.services.jobs;
      jobs.register('test.later', async () => undefined);
      await jobs.enqueue('test.later', { to: 'kea@example.com' }, { jobId: 'later-1', delayMs: 60 * 60 * 1000 });
      expect((await jobs.counts()).delayed).toBe(1);
      await t.app.close();
      const kept = await database.db.selectFrom('failed_jobs').select(['job_id', 'name', 'attempts', 'error', 'data']).execute();
      expect(kept).toEqual([{ job_id: 'later-1', name: 'test.later', attempts: 0, error: 'the process stopped before the job ran', data: '{"to":"kea@example.com"}' }]);
    }));
  });

  describe('a scheduled job across three app instances on one database', backend.requirement, () => {
    it('the reminder job runs once for its hour although three apps schedule it: one reminder per member', async () => {
      const db = await openDatabase();
      const threeDaysAgo = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString();
      const away = await Promise.all(['Away One', 'Away Two'].map((name) => buildUser(db.database.db, { name, last_active_at: threeDaysAgo })));
      const liker = await buildUser(db.database.db, { name: 'Liker' });
      await db.database.db.insertInto('swipes')
        .values(away.map((member) => ({ actor_id: liker.id, target_id: member.id, action: 'like', created_at: new Date().toISOString() })))
        .execute();
      const reminders = () => db.database.db.selectFrom('notifications').select(['user_id', 'body']).where('type', '=', 'reminder').execute();

      // Each app schedules the hourly reminder as it starts; its first period's run is due at once.
      const apps: TestApp[] = [];
      try {
        for (let i = 0; i < 3; i += 1) apps.push(await buildTestApp({ ...backend.env('three'), METRICS_TOKEN }, { database: db.database }));
        const totalRuns = async () => (await Promise.all(apps.map((t) => reminderRuns(t)))).reduce((a, b) => a + b, 0);
        await until(async () => (await totalRuns()) >= 1, 30_000);
        // Each app's own count of the job's runs (its /metrics), after the runs under way settled.
        await until(async () => (await Promise.all(apps.map((t) => t.app.services.jobs.counts()))).every((c) => c.active === 0 && c.waiting === 0), 15_000);
        expect(await totalRuns()).toBe(1);
        const rows = await reminders();
        expect(rows.map((r) => r.user_id).sort()).toEqual(away.map((m) => m.id).sort());
        expect(rows.map((r) => r.body)).toEqual(['1 person liked you while you were away.', '1 person liked you while you were away.']);
      } finally {
        await Promise.all(apps.map((t) => t.close()));
        await db.database.destroy();
      }
    }, 60_000);
  });
});
