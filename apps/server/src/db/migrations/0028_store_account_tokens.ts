import type { Kysely } from 'kysely';
import { columnTypes } from './column-types';

/**
 * Store billing (issue 34 item 2): the token a member's App Store purchases carry
 * (`appAccountToken`, a UUID), issued by the server once per member. A signed transaction or
 * notification names its member only through it, so one member's purchase cannot be claimed by
 * another.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('store_account_tokens')
    .addColumn('user_id', 'varchar(32)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('store_account_tokens').ifExists().execute();
}
