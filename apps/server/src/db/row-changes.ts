import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { PostgresRowChanges } from './postgres-row-changes';
import { Remembered, type KeptReads } from './remembered';
import type { Database } from './schema';

/** What each database is watched through (see `watchRowChanges`), registered by `createDatabase`. */
const watchable = new WeakMap<Kysely<Database>, SQLite.Database | PostgresRowChanges>();

/** Lets `watchRowChanges` watch `db` through its better-sqlite3 connection or its PostgreSQL listener (database.ts, on opening). */
export function watchableThrough(db: Kysely<Database>, through: SQLite.Database | PostgresRowChanges): void {
  watchable.set(db, through);
}

/** Resolves once `db`'s row changes are listened to (PostgreSQL: its triggers exist; see `PostgresRowChanges.started`). */
export function rowChangesStarted(db: Kysely<Database>): Promise<void> {
  const through = watchable.get(db);
  return through instanceof PostgresRowChanges ? through.started() : Promise.resolve();
}

/**
 * Whether kept reads may be on: PostgreSQL tells every process of every change; SQLite's
 * triggers tell only this process, so there it is one process (no REDIS_URL: no others).
 */
export function keptReadsPossible(dialect: 'sqlite' | 'postgres', redisUrl: string | undefined): boolean {
  return dialect === 'postgres' || !redisUrl;
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
 * Calls `listener(tag, value)` whenever a watched row changes on this database, so the `kept`
 * caches can forget what they read from that row.
 * - SQLite: inside the statement that changes it (temporary triggers on this process's one
 *   connection), before anyone reads it again; changes made by another process are not seen.
 * - PostgreSQL: every process's changes, delivered at commit over LISTEN/NOTIFY (see
 *   `PostgresRowChanges`); this process's own before its write returns. While the changes are not
 *   heard, the `kept` caches are suspended.
 * Returns false where it cannot watch: an unregistered database, or SQLite tables not created yet.
 */
export function watchRowChanges<Tag extends string>(
  db: Kysely<Database>, watches: readonly RowWatch<Tag>[], listener: (tag: Tag, value: string) => void, kept: readonly KeptReads[],
): boolean {
  const through = watchable.get(db);
  if (!through) return false;
  if (through instanceof PostgresRowChanges) {
    through.watch(watches, listener as (tag: string, value: string) => void, kept);
    return true;
  }
  const sqlite = through;
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

/**
 * A cache of values by id that `watches` keep true (a change of a watched row forgets the id it
 * reports), or undefined when `remember` is off or `db`'s changes cannot be watched here.
 * `forgets: 'with'`: a change forgets every value kept with the reported id among its `ids`
 * (values about a pair of members, kept under the pair's key with both ids).
 */
export function rememberedById<V>(
  db: Kysely<Database>, watches: readonly RowWatch<string>[], capacity: number, remember: boolean | undefined, forgets: 'key' | 'with' = 'key',
): Remembered<V> | undefined {
  if (!remember) return undefined;
  const kept = new Remembered<V>(capacity);
  const listener = forgets === 'key' ? (_tag: string, id: string) => kept.forget(id) : (_tag: string, id: string) => kept.forgetWith(id);
  return watchRowChanges(db, watches, listener, [kept]) ? kept : undefined;
}
