import type { Kysely } from 'kysely';

/**
 * An e-mail change takes effect once the new address is verified (issue 32): until then the new
 * address waits here and the old one keeps working.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('pending_email', 'varchar(254)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('pending_email').execute();
}
