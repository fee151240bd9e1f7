import { type Kysely } from 'kysely';
import { columnTypes } from './column-types';

/**
 * Profiles issue: dating preferences, privacy and notification settings, blocks, reports,
 * profile visits and support messages. Multi-valued preference fields are JSON arrays in text
 * columns (the same on both dialects); `strict_fields` lists the fields that are dealbreakers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);

  await db.schema
    .createTable('user_preferences')
    .addColumn('user_id', 'varchar(32)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('genders', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('age_min', 'integer', (c) => c.notNull().defaultTo(18))
    .addColumn('age_max', 'integer', (c) => c.notNull().defaultTo(35))
    .addColumn('max_distance_km', 'integer')
    .addColumn('city', 'varchar(80)')
    .addColumn('province', 'varchar(80)')
    .addColumn('body_types', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('drinking', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('love_languages', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('marital_statuses', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('relationship_types', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('strict_fields', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_settings')
    .addColumn('user_id', 'varchar(32)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('show_age', t.boolean, (c) => c.notNull().defaultTo(t.true))
    .addColumn('show_distance', t.boolean, (c) => c.notNull().defaultTo(t.true))
    .addColumn('show_online', t.boolean, (c) => c.notNull().defaultTo(t.true))
    .addColumn('message_policy', 'varchar(16)', (c) => c.notNull().defaultTo('everyone'))
    .addColumn('hide_from_discover', t.boolean, (c) => c.notNull().defaultTo(t.false))
    /** JSON: { [notification type]: { push: boolean, in_app: boolean } }; missing means on. */
    .addColumn('notifications', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_blocks')
    .addColumn('blocker_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('user_blocks_pk', ['blocker_id', 'blocked_id'])
    .execute();
  await db.schema.createIndex('user_blocks_blocked_idx').on('user_blocks').columns(['blocked_id', 'blocker_id']).execute();

  await db.schema
    .createTable('user_reports')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    // A report outlives the reporter's account (moderation keeps it), not the reported member's.
    .addColumn('reporter_id', 'varchar(32)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reported_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'varchar(32)', (c) => c.notNull())
    .addColumn('details', 'varchar(1000)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_reports_reported_idx').on('user_reports').columns(['reported_id', 'created_at']).execute();
  await db.schema.createIndex('user_reports_reporter_idx').on('user_reports').columns(['reporter_id', 'created_at']).execute();

  await db.schema
    .createTable('profile_visits')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('viewer_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('viewed_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** UTC day of the visit (YYYY-MM-DD): one visit per viewer, member and day. */
    .addColumn('visit_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('profile_visits_daily_uq', ['viewer_id', 'viewed_id', 'visit_date'])
    .execute();
  await db.schema.createIndex('profile_visits_viewed_idx').on('profile_visits').columns(['viewed_id', 'created_at']).execute();

  await db.schema
    .createTable('support_messages')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('email', 'varchar(254)')
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('message', 'varchar(5000)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('support_messages_user_idx').on('support_messages').columns(['user_id', 'created_at']).execute();

  await db.schema.createIndex('users_location_cell_idx').on('users').column('location_cell').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_location_cell_idx').ifExists().execute();
  for (const table of ['support_messages', 'profile_visits', 'user_reports', 'user_blocks', 'user_settings', 'user_preferences']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
