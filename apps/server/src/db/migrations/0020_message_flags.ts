import type { Kysely } from 'kysely';

/**
 * Safe contact (issue 29): what the classifier found in a message when it was sent or last
 * edited — `contact_details`, `link`, `money`, `offensive` — comma-separated, '' for none. Stored
 * once so reading a conversation never classifies again; shown only to the recipient.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_messages').addColumn('flags', 'varchar(64)', (col) => col.notNull().defaultTo('')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_messages').dropColumn('flags').execute();
}
