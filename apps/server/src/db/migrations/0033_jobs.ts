import type { Kysely } from 'kysely';
import { columnTypes } from './column-types';

/**
 * Background jobs without Redis (issue 33, adapters/jobs): a job that failed its last attempt is
 * kept here, so `npm run admin -- jobs failed` answers on one SQLite process too (with Redis,
 * BullMQ keeps them). `job_runs` (0013) is the schedule's slots.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('failed_jobs')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('job_id', 'varchar(200)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('error', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('failed_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('failed_jobs_failed_at_idx').on('failed_jobs').column('failed_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('failed_jobs').ifExists().execute();
}
