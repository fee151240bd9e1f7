import type { Kysely } from 'kysely';
import { columnTypes } from './column-types';

/** One-time codes, password resets and the auth events that caps and lock-outs count. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);

  await db.schema
    .createTable('otp_codes')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('phone_number', 'varchar(20)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_sent_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('consumed_at', t.timestamp)
    .execute();
  await db.schema.createIndex('otp_codes_phone_idx').on('otp_codes').columns(['phone_number', 'created_at']).execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('used_at', t.timestamp)
    .execute();
  await db.schema.createIndex('password_resets_user_idx').on('password_resets').column('user_id').execute();

  await db.schema
    .createTable('auth_events')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('subject', 'varchar(254)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('auth_events_subject_idx').on('auth_events').columns(['kind', 'subject', 'created_at']).execute();
  await db.schema.createIndex('auth_events_ip_idx').on('auth_events').columns(['kind', 'ip', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['auth_events', 'password_resets', 'otp_codes']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
