import type { Kysely } from 'kysely';
import { columnTypes } from './column-types';

/**
 * Moderation (issue 30).
 * - `member_roles`: staff roles ('moderator', 'admin') per member.
 * - `users.restriction` / `restricted_until`: 'suspended', 'banned' or 'protective' (the automatic
 *   protective restriction), and when a suspension ends; null in good standing.
 * - `user_reports.decision_id` / `decided_at`: the decision that closed a report.
 * - `moderation_decisions`: every decision with its statement of reasons; the subject's id is plain
 *   text (no foreign key: decisions outlive the account).
 * - `moderation_marks`: strikes and bans keyed on an HMAC of the member's mobile number and of their
 *   e-mail (APP_SECRET), so they survive deleting the account and refuse a new registration.
 * - `moderation_appeals`: one per decision.
 * - `moderation_audit`: append-only (no code path updates or deletes a row).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('member_roles')
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('granted_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('member_roles_pk', ['user_id', 'role'])
    .execute();

  await db.schema.alterTable('users').addColumn('restriction', 'varchar(16)').execute();
  await db.schema.alterTable('users').addColumn('restricted_until', t.timestamp).execute();
  await db.schema.alterTable('user_reports').addColumn('decision_id', 'varchar(32)').execute();
  await db.schema.alterTable('user_reports').addColumn('decided_at', t.timestamp).execute();
  await db.schema.createIndex('user_reports_status_idx').on('user_reports').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('moderation_decisions')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('subject_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('report_id', 'varchar(32)')
    .addColumn('moderator_id', 'varchar(32)')
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('statement', 'text', (c) => c.notNull())
    /** JSON `{ photo_ids, post, about }` for remove_content. */
    .addColumn('content', 'text')
    .addColumn('strike', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('automatic', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('until', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('overturned_at', t.timestamp)
    .execute();
  await db.schema.createIndex('moderation_decisions_subject_idx').on('moderation_decisions').columns(['subject_id', 'created_at']).execute();

  await db.schema
    .createTable('moderation_marks')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('decision_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('lifted_at', t.timestamp)
    .execute();
  await db.schema.createIndex('moderation_marks_key_idx').on('moderation_marks').column('key_hash').execute();

  await db.schema
    .createTable('moderation_appeals')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('decision_id', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('member_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('decided_at', t.timestamp)
    .addColumn('decided_by', 'varchar(32)')
    .addColumn('outcome_statement', 'text')
    .execute();

  await db.schema
    .createTable('moderation_audit')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('actor_id', 'varchar(32)')
    .addColumn('subject_id', 'varchar(32)')
    .addColumn('target', 'varchar(64)')
    .addColumn('reason_code', 'varchar(32)')
    .addColumn('statement', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('moderation_audit_created_idx').on('moderation_audit').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('moderation_audit').execute();
  await db.schema.dropTable('moderation_appeals').execute();
  await db.schema.dropTable('moderation_marks').execute();
  await db.schema.dropTable('moderation_decisions').execute();
  await db.schema.dropIndex('user_reports_status_idx').execute();
  await db.schema.alterTable('user_reports').dropColumn('decided_at').execute();
  await db.schema.alterTable('user_reports').dropColumn('decision_id').execute();
  await db.schema.alterTable('users').dropColumn('restricted_until').execute();
  await db.schema.alterTable('users').dropColumn('restriction').execute();
  await db.schema.dropTable('member_roles').execute();
}
