import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { testConfig } from '../../src/config';
import type { Clock } from '../../src/lib/clock';
import { createTestDatabase, type TestDatabase } from './database';
import { makeDataDir, redisKeyPrefix, removeDataDir } from './isolation';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

/** A clock a test sets by hand, e.g. to a minute before midnight UTC and then past it. */
export class ManualClock implements Clock {
  constructor(private time: Date) {}
  now(): Date {
    return new Date(this.time);
  }
  set(iso: string): void {
    this.time = new Date(iso);
  }
}

/**
 * Real time, moved ahead by hand: rows a test makes one after another get distinct, ordered
 * times (`step()` between them) without sleeping. Ahead, never behind, so rows written with real
 * time are never in this clock's future.
 */
export class SteppingClock implements Clock {
  private ahead = 0;
  now(): Date {
    return new Date(Date.now() + this.ahead);
  }
  /** Moves the clock `ms` further ahead (a second by default). */
  step(ms = 1_000): void {
    this.ahead += ms;
  }
}

/**
 * Real time, except in the last hour before midnight UTC, when it runs an hour and more ahead,
 * past midnight: a test file whose counts are per UTC day (daily likes, super likes) runs on it and
 * cannot cross midnight, whenever the suite runs. Ahead, never behind, so rows a test writes with
 * real time are never in this clock's future. Tests of midnight itself use ManualClock.
 */
export function clearOfMidnightClock(): Clock {
  const start = Date.now();
  const today = new Date(start);
  const nextMidnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1);
  const offset = nextMidnight - start < HOUR_MS ? nextMidnight + HOUR_MS - start : 0;
  return { now: () => new Date(Date.now() + offset) };
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * The whole app on a fresh migrated database and its own data folder (both removed on close),
 * for `app.inject` tests, on `clock` when given. With REDIS_URL it uses the test file's Redis
 * key prefix.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: { clock?: Clock; /** Another test app's database, for two server processes on one database (left open on close). */ database?: TestDatabase } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const dataDir = makeDataDir();
  const config = testConfig({
    DATA_DIR: dataDir,
    REDIS_KEY_PREFIX: redisKeyPrefix(),
    WEB_DIST_DIR: path.join(os.tmpdir(), 'linkup-no-web-dist'),
    RATE_LIMIT_MAX: '10000',
    SOCKET_CONNECTS_PER_MINUTE: '10000',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_MAX: '10000',
    CHAT_MESSAGES_PER_MINUTE: '10000',
    // No load shedding, production or not: a busy test machine lags, and a test app's 503 would be
    // the machine's, not the code's (health-drain.test.ts turns it on to test it).
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...env,
  });
  const app = await buildApp({ config, database, ...(options.clock ? { clock: options.clock } : {}) });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      if (!options.database) await database.destroy();
      removeDataDir(dataDir);
    },
  };
}
