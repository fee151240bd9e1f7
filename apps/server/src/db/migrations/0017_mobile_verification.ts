import { sql, type Kysely } from 'kysely';

/**
 * A mobile number is the account's only once it is confirmed with a WhatsApp code (issue 27).
 * `users.phone_number` (unique) holds confirmed numbers only; the number a member registered with
 * waits in `pending_phone_number` (not unique: several accounts may claim a number, and the one
 * that confirms it gets it). Numbers never confirmed so far become such claims, so a number taken
 * by a stranger no longer blocks its owner.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('pending_phone_number', 'varchar(20)').execute();
  await db.schema.createIndex('users_pending_phone_idx').on('users').column('pending_phone_number').execute();
  await sql`update users set pending_phone_number = phone_number, phone_number = null
    where phone_number is not null and phone_verified_at is null`.execute(db);
}

/** Claims that were never confirmed are dropped (two accounts may claim one number). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_pending_phone_idx').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('pending_phone_number').execute();
}
