import type { Kysely } from 'kysely';

/**
 * Discover walks members by recent activity and stops at its window. With one gender wanted,
 * `users_gender_active_idx` gives that order; with several or any gender, this index does, so the
 * cost of a page stays flat as the membership grows (docs/performance.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('users_active_idx').on('users').column('last_active_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_active_idx').ifExists().execute();
}
