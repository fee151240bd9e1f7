import { once } from 'node:events';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import {
  SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDatabase, type SqliteDialectConfig, type SqliteStatement,
} from 'kysely';

// The SQLite side of `createDatabase` (database.ts): kept statements, WAL checkpoints on a thread,
// and a driver that hands its one connection out first come, first served.

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
export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
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
export function checkpointInBackground(sqlite: SQLite.Database, file: string): () => Promise<void> {
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

export class FifoSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new FifoSqliteDriver(this.#config);
  }
}
