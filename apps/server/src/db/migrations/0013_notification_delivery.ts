import type { Kysely } from 'kysely';
import { columnTypes } from './column-types';

/**
 * Delivery of notifications (issue 14):
 * - `push_collapse`: the open collapse window of one member and kind (likes, views): the first
 *   event is pushed at once, later ones within the window are counted and pushed as one
 *   ("3 people liked you") when it ends. Whoever deletes an ended row sends its summary.
 * - `job_runs`: one row per scheduled job and slot (e.g. the reminder job's hour): the process
 *   that inserts it runs the job for that slot, so a job runs once however many processes there are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('push_collapse')
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('window_ends_at', t.timestamp, (c) => c.notNull())
    /** Events since the push that opened the window. */
    .addColumn('held', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('push_collapse_pk', ['user_id', 'kind'])
    .execute();
  await db.schema.createIndex('push_collapse_ends_idx').on('push_collapse').column('window_ends_at').execute();

  await db.schema
    .createTable('job_runs')
    .addColumn('job', 'varchar(64)', (c) => c.notNull())
    .addColumn('slot', 'varchar(64)', (c) => c.notNull())
    .addColumn('started_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('job_runs_pk', ['job', 'slot'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_runs').ifExists().execute();
  await db.schema.dropTable('push_collapse').ifExists().execute();
}
