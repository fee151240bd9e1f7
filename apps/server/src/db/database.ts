import { once } from 'node:events';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import {
  Kysely, PostgresDialect, SqliteDialect, SqliteDriver, createQueryId, sql,
  type Compilable, type CompiledQuery, type DatabaseConnection, type Driver, type QueryResult, type SqliteDatabase,
  type SqliteDialectConfig, type SqliteStatement,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { makePrivateDir, touchPrivateFile } from '../lib/private-files';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Where the SQLite file lives (undefined on PostgreSQL). */
  file?: string;
  /** PostgreSQL's connection pool use, for /metrics (undefined on SQLite: one connection). */
  poolUse?: () => { total: number; idle: number; waiting: number };
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

/** Statements kept prepared; the oldest is dropped beyond this (queries with `in (…)` lists vary). */
const STATEMENT_CACHE_SIZE = 500;

/** better-sqlite3 cannot bind booleans: they go as 1/0, as the integer columns expect. */
const bindable = (parameters: ReadonlyArray<unknown>): ReadonlyArray<unknown> =>
  parameters.some((v) => typeof v === 'boolean') ? parameters.map((v) => (typeof v === 'boolean' ? Number(v) : v)) : parameters;

function sqliteStatement(statement: SQLite.Statement): SqliteStatement {
  return {
    reader: statement.reader,
    all: (parameters) => statement.all(bindable(parameters)),
    run: (parameters) => statement.run(bindable(parameters)),
    iterate: (parameters) => statement.iterate(bindable(parameters)),
  };
}

/**
 * Kysely's SQLite driver prepares every query it runs, and preparing costs more than running the
 * small indexed queries of a request: keep prepared statements by their SQL. Reuse is safe because
 * the driver runs one query at a time on its single connection, and SQLite re-prepares a statement
 * by itself after a schema change.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      let statement = statements.get(text);
      if (!statement) {
        statement = sqliteStatement(sqlite.prepare(text));
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

/** How often the checkpoint thread copies the WAL back into the database file. */
const CHECKPOINT_INTERVAL_MS = 50;
/**
 * The app's connection still checkpoints itself past this many WAL pages (16 MB): under a steady
 * stream of commits the thread's checkpoints may never find the WAL fully copied, which is when
 * the next commit starts it over, and it would grow without end. By then nearly all of it is
 * copied, so that checkpoint is short.
 */
const BACKSTOP_CHECKPOINT_PAGES = 4000;
/** SQLite's own default, restored if the checkpoint thread stops. */
const AUTOCHECKPOINT_PAGES = 1000;

/** The checkpoint thread (CommonJS, run with `eval`): its own connection, PASSIVE checkpoints until told to stop. */
const CHECKPOINTER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
const timer = setInterval(() => db.pragma('wal_checkpoint(PASSIVE)'), workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
});
`;

/**
 * Checkpoints (copying the WAL back into the database file and syncing both) mostly run on a
 * thread with its own connection. Left to the app's connection, each ran inside whichever commit
 * crossed wal_autocheckpoint, on the event loop: under 2,000 chat messages a second one commit in
 * sixteen stalled every request for about 11 ms (up to 33), over half of all commit time. PASSIVE
 * checkpoints never wait for nor block the app's connection. Should the thread stop, the app's
 * connection checkpoints as SQLite does by default. Returns how to stop the thread.
 */
function checkpointInBackground(sqlite: SQLite.Database, file: string): () => Promise<void> {
  const worker = new Worker(CHECKPOINTER, {
    eval: true,
    // Plain CommonJS: no TypeScript loader to boot in the thread.
    execArgv: [],
    workerData: { file, driver: createRequire(import.meta.url).resolve('better-sqlite3'), intervalMs: CHECKPOINT_INTERVAL_MS },
  });
  worker.unref();
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`);
  let stopping = false;
  let running = true;
  worker.on('error', () => {});
  const exited = once(worker, 'exit').then(() => {
    running = false;
    if (!stopping && sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  });
  return async () => {
    stopping = true;
    if (running) {
      worker.ref();
      worker.postMessage('stop');
    }
    await exited;
  };
}

/** The better-sqlite3 connection behind each SQLite database opened here (see `watchRowChanges`). */
const sqliteConnections = new WeakMap<Kysely<Database>, SQLite.Database>();

/** SQLite (embedded, WAL) by default; PostgreSQL when a URL is given. */
export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolMax ?? 10 });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db, dialect: 'postgres', close: () => db.destroy(),
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
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
  sqliteConnections.set(db, sqlite);
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

/**
 * Kysely's SQLite driver, handing its one connection to waiting queries first come, first served.
 * Kysely's own mutex wakes every waiter on each release (each re-checks and waits again), which
 * is quadratic in the queue: with many queries waiting at once (a burst of chat sends and their
 * notifications) the server spent more time in that loop than in SQLite.
 */
class FifoSqliteDriver extends SqliteDriver {
  readonly #waiting: (() => void)[] = [];
  #held = false;

  override async acquireConnection(): Promise<DatabaseConnection> {
    // Released straight to the next waiter, so `#held` stays true across the handover.
    if (this.#held) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#held = true;
    return super.acquireConnection();
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}

class FifoSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new FifoSqliteDriver(this.#config);
  }
}

/** Which row changes of one table `watchRowChanges` reports, and what it reports of the row. */
export interface RowWatch<Tag extends string> {
  table: keyof Database & string;
  /** Updates only when one of these columns is set (default: any update). */
  columns?: readonly string[];
  /** Also report inserted rows (updates and deletes always are). */
  inserts?: boolean;
  /** For each column, the tag the listener receives with its value, from the old row and the new. */
  report: Readonly<Record<string, Tag>>;
}

let watchers = 0;

/**
 * SQLite only: calls `listener(tag, value)` whenever a watched row changes on this database,
 * inside the statement that changes it (temporary triggers on this process's one connection), so
 * an in-process cache can forget what it read from that row before anyone reads it again. Changes
 * made by another process are not seen. Returns false where it cannot watch: PostgreSQL, or tables
 * not created yet.
 */
export function watchRowChanges<Tag extends string>(
  db: Kysely<Database>, watches: readonly RowWatch<Tag>[], listener: (tag: Tag, value: string) => void,
): boolean {
  const sqlite = sqliteConnections.get(db);
  if (!sqlite) return false;
  const fn = `linkup_row_changed_${++watchers}`;
  sqlite.function(fn, { deterministic: false }, (tag: unknown, value: unknown) => {
    if (value !== null) listener(tag as Tag, String(value));
    return null;
  });
  const notify = (rows: string[], report: Readonly<Record<string, Tag>>) =>
    rows.flatMap((row) => Object.entries(report).map(([column, tag]) => `select ${fn}('${tag}', ${row}.${column});`)).join(' ');
  try {
    watches.forEach(({ table, columns, inserts, report }, i) => {
      const name = `${fn}_${i}`;
      const of = columns ? ` of ${columns.join(', ')}` : '';
      sqlite.exec(`create temp trigger ${name}_u after update${of} on main.${table} begin ${notify(['old', 'new'], report)} end`);
      sqlite.exec(`create temp trigger ${name}_d after delete on main.${table} begin ${notify(['old'], report)} end`);
      if (inserts) sqlite.exec(`create temp trigger ${name}_i after insert on main.${table} begin ${notify(['new'], report)} end`);
    });
    return true;
  } catch {
    return false;
  }
}

/** What a prepared query binds. */
export type ParamValue = string | number | boolean | null;

interface QueryTemplate<O> {
  query: CompiledQuery<O>;
  /** For each parameter of the compiled query, the name of the value bound there, or undefined for a constant. */
  slots: (string | undefined)[];
}

/**
 * A query built and compiled once per database, then run with new values: on a hot path (each
 * chat send) building and compiling a Kysely query costs several times what the database takes
 * to run it. `build` gets `param(name)`, a stand-in for a value bound on every run; the SQL is
 * still the one Kysely writes for the database in use, plugins included.
 */
export function preparedQuery<P extends Record<string, ParamValue>, O>(
  build: (db: Kysely<Database>, param: <K extends keyof P & string>(name: K) => P[K]) => Compilable<O>,
): (db: Kysely<Database>, params: P) => Promise<QueryResult<O>> {
  // Keyed by the dialect adapter, which a database shares with its transactions.
  const templates = new WeakMap<object, QueryTemplate<O>>();
  const marker = `\u0000param\u0000`;
  const compile = (db: Kysely<Database>): QueryTemplate<O> => {
    const names = new Set<string>();
    const query = build(db, (name) => {
      names.add(name);
      return `${marker}${name}` as never;
    }).compile();
    const slots = query.parameters.map((value) => (typeof value === 'string' && value.startsWith(marker) ? value.slice(marker.length) : undefined));
    for (const name of names) if (!slots.includes(name)) throw new Error(`preparedQuery: parameter "${name}" is not bound in ${query.sql}`);
    return { query, slots };
  };
  return (db, params) => {
    const adapter = db.getExecutor().adapter;
    let template = templates.get(adapter);
    if (!template) templates.set(adapter, (template = compile(db)));
    const { query, slots } = template;
    const parameters = slots.map((name, i) => (name === undefined ? query.parameters[i] : params[name]));
    return db.executeQuery<O>({ ...query, parameters, queryId: createQueryId() });
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
