import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types';

/**
 * Safe contact (issue 29): reports outlive the reported member's account, with the evidence as
 * it was when they were filed.
 * - `user_reports.reported_id` no longer cascades: it is set null when the reported member deletes
 *   their account (the report stays for moderation); `message_id` names a reported chat message.
 * - `report_evidence`: one JSON snapshot per report (the reported member's name, photos, bio and
 *   post, and the pair's last 50 messages), keyed by the report, with the reported member's id as
 *   plain text (no foreign key: it must survive their deletion).
 * - `departed_contacts`: when a member deletes their account, each member they had contact with
 *   keeps one row (the departed id, the pair's room id, and the same snapshot taken just before
 *   the deletion) so that they can still report them and their open chat shows the end.
 * - `chat_message_deletions`: a message deleted by its author leaves a mark (no text) so that a
 *   snapshot shows that a message was there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  if (postgres) {
    await sql`alter table user_reports drop constraint if exists user_reports_reported_id_fkey`.execute(db);
    await sql`alter table user_reports alter column reported_id drop not null`.execute(db);
    await sql`alter table user_reports add constraint user_reports_reported_id_fkey
      foreign key (reported_id) references users(id) on delete set null`.execute(db);
    await db.schema.alterTable('user_reports').addColumn('message_id', 'varchar(32)').execute();
  } else {
    // SQLite cannot change a foreign key: the table is rebuilt (nothing references it yet).
    await db.schema
      .createTable('user_reports_next')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('reporter_id', 'varchar(32)', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('reported_id', 'varchar(32)', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('reason', 'varchar(32)', (c) => c.notNull())
      .addColumn('details', 'varchar(1000)')
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('open'))
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('post_id', 'varchar(32)')
      .addColumn('message_id', 'varchar(32)')
      .execute();
    await sql`insert into user_reports_next (id, reporter_id, reported_id, reason, details, status, created_at, post_id)
      select id, reporter_id, reported_id, reason, details, status, created_at, post_id from user_reports`.execute(db);
    await db.schema.dropTable('user_reports').execute();
    await sql`alter table user_reports_next rename to user_reports`.execute(db);
    await db.schema.createIndex('user_reports_reported_idx').on('user_reports').columns(['reported_id', 'created_at']).execute();
    await db.schema.createIndex('user_reports_reporter_idx').on('user_reports').columns(['reporter_id', 'created_at']).execute();
  }

  await db.schema
    .createTable('report_evidence')
    .addColumn('report_id', 'varchar(32)', (c) => c.primaryKey().references('user_reports.id').onDelete('cascade'))
    .addColumn('reported_user_id', 'varchar(32)', (c) => c.notNull())
    /** JSON: see ReportSnapshot (modules/safety/safety.evidence.ts). */
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('report_evidence_reported_idx').on('report_evidence').column('reported_user_id').execute();

  await db.schema
    .createTable('departed_contacts')
    .addColumn('departed_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('member_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** The pair's room when they had one (it is deleted with the account). */
    .addColumn('room_id', 'varchar(32)')
    /** The room's name as the remaining member saw it. */
    .addColumn('room_name', 'varchar(120)')
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('departed_contacts_pk', ['departed_id', 'member_id'])
    .execute();
  await db.schema.createIndex('departed_contacts_member_idx').on('departed_contacts').columns(['member_id', 'room_id']).execute();

  await db.schema
    .createTable('chat_message_deletions')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('room_id', 'varchar(32)', (c) => c.notNull().references('chat_rooms.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('deleted_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_message_deletions_room_idx').on('chat_message_deletions').columns(['room_id', 'created_at']).execute();
}

/** Reports of members who deleted their account (reported_id null) go: the old column cannot hold them. */
export async function down(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of ['chat_message_deletions', 'departed_contacts', 'report_evidence']) await db.schema.dropTable(table).ifExists().execute();
  await sql`delete from user_reports where reported_id is null`.execute(db);
  if (postgres) {
    await db.schema.alterTable('user_reports').dropColumn('message_id').execute();
    await sql`alter table user_reports drop constraint if exists user_reports_reported_id_fkey`.execute(db);
    await sql`alter table user_reports alter column reported_id set not null`.execute(db);
    await sql`alter table user_reports add constraint user_reports_reported_id_fkey
      foreign key (reported_id) references users(id) on delete cascade`.execute(db);
    return;
  }
  await db.schema
    .createTable('user_reports_prev')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('reporter_id', 'varchar(32)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reported_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'varchar(32)', (c) => c.notNull())
    .addColumn('details', 'varchar(1000)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('post_id', 'varchar(32)')
    .execute();
  await sql`insert into user_reports_prev (id, reporter_id, reported_id, reason, details, status, created_at, post_id)
    select id, reporter_id, reported_id, reason, details, status, created_at, post_id from user_reports`.execute(db);
  await db.schema.dropTable('user_reports').execute();
  await sql`alter table user_reports_prev rename to user_reports`.execute(db);
  await db.schema.createIndex('user_reports_reported_idx').on('user_reports').columns(['reported_id', 'created_at']).execute();
  await db.schema.createIndex('user_reports_reporter_idx').on('user_reports').columns(['reporter_id', 'created_at']).execute();
}
