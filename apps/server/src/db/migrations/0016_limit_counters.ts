import type { Kysely } from 'kysely';
import { columnTypes } from './column-types';

/**
 * `limit_counters` (issue 27): the database store of the one limiter primitive (lib/limiter.ts).
 * One row per counted key: how many uses since the window began, and when it ends. A use is one
 * atomic upsert that starts a new window once the old one has ended, so a limit is counted
 * before the work it limits and parallel requests cannot all pass. Expired rows are pruned hourly.
 * Changes of a member's own location count there too, so `location_changes` (0008) goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('limit_counters')
    /** What is counted and over which window, as an HMAC under the app's secret (it names no member). */
    .addColumn('key', 'varchar(600)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_start', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('limit_counters_expires_idx').on('limit_counters').column('expires_at').execute();
  await db.schema.dropTable('location_changes').ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('location_changes')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('location_changes_user_idx').on('location_changes').columns(['user_id', 'created_at']).execute();
  await db.schema.dropTable('limit_counters').ifExists().execute();
}
