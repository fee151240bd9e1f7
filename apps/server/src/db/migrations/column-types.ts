import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';

export interface ColumnTypes {
  timestamp: 'timestamptz' | 'text';
  boolean: 'boolean' | 'integer';
  autoIncrement: 'serial' | 'integer';
  false: RawBuilder<unknown>;
  true: RawBuilder<unknown>;
}

/** Column types that differ between PostgreSQL and SQLite, so one migration runs on both. */
export function columnTypes(db: Kysely<unknown>): ColumnTypes {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return postgres
    ? { timestamp: 'timestamptz', boolean: 'boolean', autoIncrement: 'serial', false: sql`false`, true: sql`true` }
    : { timestamp: 'text', boolean: 'integer', autoIncrement: 'integer', false: sql`0`, true: sql`1` };
}
