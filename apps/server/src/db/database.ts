import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { makePrivateDir, touchPrivateFile } from '../lib/private-files';
import { PostgresRowChanges } from './postgres-row-changes';
import { watchableThrough } from './row-changes';
import { FifoSqliteDialect, checkpointInBackground, withStatementCache } from './sqlite-driver';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Where the SQLite file lives (undefined on PostgreSQL). */
  file?: string;
  /** PostgreSQL's connection pool use, for /metrics (undefined on SQLite: one connection). */
  poolUse?: () => { total: number; idle: number; waiting: number };
  /** PostgreSQL's row-change listener (kept reads), for /metrics: listening now, and how often it stopped. */
  rowChanges?: () => { listening: boolean; losses: number };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  poolMax?: number;
  /** SQLite file name inside dataDir, or ':memory:'. */
  sqliteFile?: string;
}

// PostgreSQL: timestamps leave the driver as ISO strings (as SQLite stores them) and counts as numbers.
const toIso = (v: string) => new Date(v.includes('T') || v.endsWith('Z') || /[+-]\d\d(:?\d\d)?$/.test(v) ? v : `${v}Z`).toISOString();
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, toIso);
pg.types.setTypeParser(pg.types.builtins.TIMESTAMP, toIso);
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/** SQLite (embedded, WAL) by default; PostgreSQL when a URL is given. */
export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolMax ?? 10 });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    // Row changes reach every process over LISTEN/NOTIFY (db/postgres-row-changes.ts).
    const changes = new PostgresRowChanges(options.databaseUrl);
    const db = new Kysely<Database>({ dialect: changes.dialect({ pool }) });
    watchableThrough(db, changes);
    return {
      db, dialect: 'postgres',
      close: async () => {
        await changes.close();
        await db.destroy();
      },
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      rowChanges: () => ({ listening: changes.listening, losses: changes.losses }),
    };
  }

  const memory = options.sqliteFile === ':memory:';
  const file = memory ? ':memory:' : path.join(options.dataDir, options.sqliteFile ?? 'linkup.db');
  if (!memory) {
    // Owner-only, like app-secret: the file holds every member's data.
    makePrivateDir(options.dataDir);
    touchPrivateFile(file);
  }
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new FifoSqliteDialect({ database: withStatementCache(sqlite) }),
  });
  watchableThrough(db, sqlite);
  const stopCheckpoints = memory ? async () => {} : checkpointInBackground(sqlite, file);
  return {
    db, dialect: 'sqlite', ...(memory ? {} : { file }),
    // The thread first, so that this connection closes last and folds the WAL back in.
    close: async () => {
      await stopCheckpoints();
      await db.destroy();
    },
  };
}

/** Cheap liveness probe for the health check. */
export async function pingDatabase(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
