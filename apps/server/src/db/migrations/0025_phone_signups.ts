import type { Kysely } from 'kysely';
import { columnTypes } from './column-types';

/**
 * Phone-first sign-up (issue 32): a number proved with its WhatsApp code but without an account
 * gets a short-lived, single-use sign-up token (stored hashed) that the short sign-up spends.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('phone_signups')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('phone_number', 'varchar(20)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('used_at', t.timestamp)
    .execute();
  await db.schema.createIndex('phone_signups_phone_idx').on('phone_signups').column('phone_number').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('phone_signups').ifExists().execute();
}
