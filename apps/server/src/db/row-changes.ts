import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** The better-sqlite3 connection behind each SQLite database (see `watchRowChanges`), registered by `createDatabase`. */
const sqliteConnections = new WeakMap<Kysely<Database>, SQLite.Database>();

/** Lets `watchRowChanges` watch `db` through its better-sqlite3 connection (database.ts, on opening). */
export function watchableThrough(db: Kysely<Database>, sqlite: SQLite.Database): void {
  sqliteConnections.set(db, sqlite);
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
