import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';

export type TestDialect = 'sqlite' | 'postgres';

/** The dialect this test run exercises: SQLite unless the postgres project asked for it. */
export function testDialect(): TestDialect {
  return process.env.LINKUP_TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
}

export interface TestDatabase extends DatabaseHandle {
  /** The PostgreSQL URL of this database (PostgreSQL only), for server processes the test starts. */
  url?: string;
  /** Closes the connection and throws the database away. */
  destroy(): Promise<void>;
}

/**
 * A fresh, empty database for one test file: a SQLite file in a temp dir, or a brand-new
 * PostgreSQL database created next to TEST_DATABASE_URL and dropped afterwards.
 */
export async function createTestDatabase(options: { migrate?: boolean; dialect?: TestDialect } = {}): Promise<TestDatabase> {
  const dialect = options.dialect ?? testDialect();
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let databaseUrl: string | undefined;

  if (dialect === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('LINKUP_TEST_DIALECT=postgres needs TEST_DATABASE_URL');
    const name = `linkup_test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    handle = createDatabase({ databaseUrl, dataDir: os.tmpdir(), poolMax: 4 });
    cleanup = async () => {
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-test-'));
    handle = createDatabase({ dataDir: dir });
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }

  if (options.migrate !== false) await migrateToLatest(handle.db);
  return {
    ...handle,
    ...(databaseUrl ? { url: databaseUrl } : {}),
    async destroy() {
      await handle.close();
      await cleanup();
    },
  };
}
