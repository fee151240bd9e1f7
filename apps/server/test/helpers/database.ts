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
    // Migrated: a copy of the run's migrated template (a migration run per test file took most of a second).
    const template = options.migrate === false ? null : await migratedTemplate(adminUrl);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
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

  if (options.migrate !== false && dialect === 'sqlite') await migrateToLatest(handle.db);
  return {
    ...handle,
    ...(databaseUrl ? { url: databaseUrl } : {}),
    async destroy() {
      await handle.close();
      await cleanup();
    },
  };
}

const migrationsDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../src/db/migrations');
let template: Promise<string> | undefined;

/**
 * A PostgreSQL database with every migration applied, made once for all test files (named by a
 * hash of the migrations, so a changed migration makes a new one; older ones are dropped) under
 * an advisory lock, as the suite's workers ask for it at once. Nobody connects to it after: a
 * database being copied must have no connections.
 */
function migratedTemplate(adminUrl: string): Promise<string> {
  template ??= (async () => {
    const hash = crypto.createHash('sha256');
    for (const file of fs.readdirSync(migrationsDir).sort()) hash.update(file).update(fs.readFileSync(path.join(migrationsDir, file)));
    const name = `linkup_template_${hash.digest('hex').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`select pg_advisory_lock(hashtext('linkup_test_template'))`);
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (!rowCount) {
        const stale = await admin.query<{ datname: string }>(`select datname from pg_database where datname like 'linkup_template_%'`);
        for (const { datname } of stale.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
        const building = `${name}_building`;
        await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${building}`);
        const url = new URL(adminUrl);
        url.pathname = `/${building}`;
        const handle = createDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir(), poolMax: 1 });
        try {
          await migrateToLatest(handle.db);
        } finally {
          await handle.close();
        }
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      }
    } finally {
      await admin.query(`select pg_advisory_unlock(hashtext('linkup_test_template'))`).catch(() => {});
      await admin.end();
    }
    return name;
  })();
  return template;
}
