import type { Kysely } from 'kysely';
import { columnTypes } from './column-types';

/**
 * `push_retries` (issue 14): a push the push service could not take yet (slow, busy, down), kept
 * until its next attempt is due. The process that queued it retries it on time; if that process
 * stops first, the notification job of any process picks it up once due. Whoever deletes the row
 * sends the attempt, so it is sent once however many processes look. Gone with its device.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('push_retries')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('device_id', 'varchar(32)', (c) => c.notNull().references('push_devices.id').onDelete('cascade'))
    /** The push as JSON: title, body, data, tag. */
    .addColumn('message', 'text', (c) => c.notNull())
    /** The attempt this will be (2 for the first retry). */
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('due_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_retries_due_idx').on('push_retries').column('due_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_retries').ifExists().execute();
}
