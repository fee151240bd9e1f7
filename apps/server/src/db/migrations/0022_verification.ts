import type { Kysely } from 'kysely';
import { columnTypes } from './column-types';

/**
 * Photo verification (issue 31).
 * - `users.verified_at`: set while the member is photo-verified (the badge, the verified-only
 *   filters, `message_policy: 'verified'`); null otherwise.
 * - `verification_challenges`: a challenge's two poses and its 5 minutes; used once.
 * - `verification_attempts`: every selfie check — outcome, reasons, scores, and (only while a
 *   moderator reviews it) the private storage keys of its selfies, removed once decided.
 * - `verification_hashes`: the perceptual hashes of each attempt's selfies (kept: another account
 *   sending the same selfie is refused as a duplicate).
 * - `verification_templates`: the verified face's embedding, encrypted with a key derived from
 *   APP_SECRET; only while verified. Every table goes with the account (cascade).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('users').addColumn('verified_at', t.timestamp).execute();

  await db.schema
    .createTable('verification_challenges')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('poses', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('used_at', t.timestamp)
    .execute();
  await db.schema.createIndex('verification_challenges_user_idx').on('verification_challenges').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('verification_attempts')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('poses', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    /** JSON array of rejection reasons. */
    .addColumn('reasons', 'text', (c) => c.notNull())
    .addColumn('similarity', 'real')
    .addColumn('antispoof', 'real')
    .addColumn('liveness', 'real')
    .addColumn('estimated_age', 'real')
    /** JSON array of private storage keys, one per pose, while a moderator reviews; null otherwise. */
    .addColumn('selfie_keys', 'text')
    /** 'open' while waiting for a moderator, 'closed' once decided; null when decided automatically. */
    .addColumn('review_status', 'varchar(8)')
    .addColumn('priority', 'varchar(8)')
    .addColumn('decision', 'varchar(8)')
    .addColumn('decided_by', 'varchar(32)')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('decided_at', t.timestamp)
    .execute();
  await db.schema.createIndex('verification_attempts_user_idx').on('verification_attempts').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('verification_attempts_review_idx').on('verification_attempts').columns(['review_status', 'created_at']).execute();

  await db.schema
    .createTable('verification_hashes')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('attempt_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('hash', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('verification_hashes_user_idx').on('verification_hashes').columns(['user_id']).execute();

  await db.schema
    .createTable('verification_templates')
    .addColumn('user_id', 'varchar(32)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('verification_templates').execute();
  await db.schema.dropTable('verification_hashes').execute();
  await db.schema.dropTable('verification_attempts').execute();
  await db.schema.dropTable('verification_challenges').execute();
  await db.schema.alterTable('users').dropColumn('verified_at').execute();
}
