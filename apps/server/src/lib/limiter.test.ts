import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/database';
import { ManualClock } from '../../test/helpers/app';
import { redisKeyPrefix } from '../../test/helpers/isolation';
import { needsEnv } from '../../test/helpers/requires';
import { LimitCountersRepository } from './limit-counters.repository';
import { DatabaseLimiter, MemoryLimiter, RedisLimiter, type Limiter } from './limiter';

const MINUTE = 60_000;
let seq = 0;
const freshKey = () => `test:${Date.now()}:${seq++}`;

/** What every store promises; `later` moves the store's time on by `ms` (not Redis's: it expires keys in real time). */
function behavesAsTheLimiter(name: string, build: () => { limiter: Limiter; later?: (ms: number) => void }) {
  describe(name, () => {
    it('allows `max` uses of a key in its window, then refuses (and counts the refused use)', async () => {
      const { limiter } = build();
      const key = freshKey();
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await limiter.take(key, 3, MINUTE));
      expect(answers).toEqual([true, true, true, false, false]);
      expect(await limiter.take(freshKey(), 3, MINUTE)).toBe(true);
    });

    it('counts parallel uses one by one: exactly `max` of 40 at once pass', async () => {
      const { limiter } = build();
      const key = freshKey();
      const answers = await Promise.all(Array.from({ length: 40 }, () => limiter.take(key, 7, MINUTE)));
      expect(answers.filter(Boolean)).toHaveLength(7);
    });

    it('begins a window at a key’s first use and tells when it ends; then the allowance is back', async () => {
      const { limiter, later } = build();
      const key = freshKey();
      const before = Date.now();
      const first = await limiter.use(key, 1, MINUTE);
      expect(first.allowed).toBe(true);
      expect(Date.parse(first.resetsAt)).toBeGreaterThanOrEqual(before + MINUTE - 5);
      later?.(30_000);
      const second = await limiter.use(key, 1, MINUTE);
      expect(second).toEqual({ allowed: false, resetsAt: expect.any(String) });
      expect(Math.abs(Date.parse(second.resetsAt) - Date.parse(first.resetsAt))).toBeLessThan(50);
      if (!later) return;
      later(MINUTE);
      expect(await limiter.take(key, 1, MINUTE)).toBe(true);
    });

    it('keeps one key’s counts per window length apart', async () => {
      const { limiter } = build();
      const key = freshKey();
      expect(await limiter.take(key, 1, MINUTE)).toBe(true);
      expect(await limiter.take(key, 1, 2 * MINUTE)).toBe(true);
      expect(await limiter.take(key, 1, MINUTE)).toBe(false);
    });

    it('gives a use back, and forgets a key on reset', async () => {
      const { limiter } = build();
      const key = freshKey();
      expect(await limiter.take(key, 2, MINUTE)).toBe(true);
      expect(await limiter.take(key, 2, MINUTE)).toBe(true);
      await limiter.giveBack(key, MINUTE);
      expect(await limiter.take(key, 2, MINUTE)).toBe(true);
      expect(await limiter.take(key, 2, MINUTE)).toBe(false);
      await limiter.reset(key, MINUTE);
      expect(await limiter.take(key, 2, MINUTE)).toBe(true);
    });

    it('never gives back below nothing', async () => {
      const { limiter } = build();
      const key = freshKey();
      await limiter.giveBack(key, MINUTE);
      await limiter.giveBack(key, MINUTE);
      expect(await limiter.take(key, 1, MINUTE)).toBe(true);
      expect(await limiter.take(key, 1, MINUTE)).toBe(false);
    });
  });
}

let now = Date.now();
behavesAsTheLimiter('MemoryLimiter', () => {
  now = Date.now();
  return { limiter: new MemoryLimiter(() => now), later: (ms) => { now += ms; } };
});

describe('DatabaseLimiter', () => {
  let database: TestDatabase;
  const clock = new ManualClock(new Date());
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.destroy());

  behavesAsTheLimiter('on this dialect', () => {
    clock.set(new Date().toISOString());
    return {
      limiter: new DatabaseLimiter(new LimitCountersRepository(database.db), clock),
      later: (ms) => clock.set(new Date(clock.now().getTime() + ms).toISOString()),
    };
  });

  it('counts in the work’s transaction: a use rolled back with its work was never counted', async () => {
    const limiter = new DatabaseLimiter(new LimitCountersRepository(database.db), clock);
    const key = freshKey();
    await expect(database.db.transaction().execute(async (trx) => {
      expect(await limiter.take(key, 1, MINUTE, trx)).toBe(true);
      throw new Error('the work failed');
    })).rejects.toThrow('the work failed');
    await database.db.transaction().execute(async (trx) => {
      expect(await limiter.take(key, 1, MINUTE, trx)).toBe(true);
    });
    expect(await limiter.take(key, 1, MINUTE)).toBe(false);
  });

  it('keeps no key in the clear: a counter names no member', async () => {
    const limiter = new DatabaseLimiter(new LimitCountersRepository(database.db), clock, 'app-secret');
    await limiter.take('login:account:member-42', 5, MINUTE);
    const keys = (await database.db.selectFrom('limit_counters').select('key').execute()).map((row) => row.key);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key).not.toContain('member-42');
  });

  it('prunes only windows that have ended', async () => {
    const limiter = new DatabaseLimiter(new LimitCountersRepository(database.db), clock);
    clock.set(new Date().toISOString());
    const [ended, live] = [freshKey(), freshKey()];
    await limiter.take(ended, 5, MINUTE);
    await limiter.take(live, 5, 10 * MINUTE);
    clock.set(new Date(clock.now().getTime() + 2 * MINUTE).toISOString());
    await limiter.prune();
    const rows = await database.db.selectFrom('limit_counters').select('expires_at').execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Date.parse(row.expires_at)).toBeGreaterThan(clock.now().getTime());
    // The live window still counts.
    expect(await limiter.take(live, 1, 10 * MINUTE)).toBe(false);
  });
});

describe('RedisLimiter', needsEnv('REDIS_URL'), () => {
  let redis: Redis;
  let database: TestDatabase;
  const errors: unknown[] = [];
  beforeAll(async () => {
    redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1 });
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await redis.quit();
    await database.destroy();
  });

  const prefix = () => `${redisKeyPrefix()}limit:`;
  behavesAsTheLimiter('shared through Redis', () => {
    const limiter = new RedisLimiter(redis, (err) => errors.push(err), { prefix: prefix() });
    return { limiter };
  });

  it('counts a use given a transaction in the database (its fallback), to commit with the work', async () => {
    const counters = new DatabaseLimiter(new LimitCountersRepository(database.db));
    const limiter = new RedisLimiter(redis, (err) => errors.push(err), { prefix: prefix(), fallback: counters });
    const key = freshKey();
    await database.db.transaction().execute(async (trx) => {
      expect(await limiter.take(key, 1, MINUTE, trx)).toBe(true);
    });
    expect(await counters.take(key, 1, MINUTE)).toBe(false);
    // Redis counted nothing of it.
    expect(await limiter.take(key, 1, MINUTE)).toBe(true);
  });

  it('counts in its fallback while Redis fails', async () => {
    const broken = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    broken.on('error', () => {});
    const seen: unknown[] = [];
    const limiter = new RedisLimiter(broken, (err) => seen.push(err), { fallback: new MemoryLimiter() });
    const key = freshKey();
    expect(await limiter.take(key, 1, MINUTE)).toBe(true);
    expect(await limiter.take(key, 1, MINUTE)).toBe(false);
    expect(seen).toHaveLength(2);
    broken.disconnect();
  });
});
