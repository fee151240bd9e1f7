import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { testConfig } from '../../src/config';
import type { Clock } from '../../src/lib/clock';
import { createTestDatabase, type TestDatabase } from './database';

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

/** The whole app on a fresh migrated database, for `app.inject` tests (on `clock` when given). */
export async function buildTestApp(env: Record<string, string> = {}, options: { clock?: Clock } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig({
    DATA_DIR: path.join(os.tmpdir(), 'linkup-test-data'),
    WEB_DIST_DIR: path.join(os.tmpdir(), 'linkup-no-web-dist'),
    RATE_LIMIT_MAX: '10000',
    SOCKET_CONNECTS_PER_MINUTE: '10000',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_MAX: '10000',
    CHAT_MESSAGES_PER_MINUTE: '10000',
    ...env,
  });
  const app = await buildApp({ config, database, ...(options.clock ? { clock: options.clock } : {}) });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}
