import type { Kysely } from 'kysely';
import { columnTypes } from './column-types';

/**
 * The devices a member receives pushes on: one per session (a browser's Web Push subscription or
 * the native app's FCM token). A token names one app install, so it is unique: registering it
 * again moves it to the session that registered it last. Ending the member or the session ends
 * the device with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('push_devices')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'varchar(32)', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('token', 'varchar(2048)', (c) => c.notNull().unique())
    .addColumn('device_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('device_name', 'varchar(200)')
    .addColumn('user_agent', 'varchar(1000)')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_devices_user_idx').on('push_devices').column('user_id').execute();
  await db.schema.createIndex('push_devices_session_idx').on('push_devices').column('session_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_devices').ifExists().execute();
}
