import { type Kysely } from 'kysely';
import { columnTypes } from './column-types';

/**
 * Discover and matching: one swipe per member and target (like, super like or pass), matches
 * (one per pair, like chat rooms), per-day usage counters (atomic increments keep limits exact
 * under concurrency), premium subscriptions and profile boosts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);

  await db.schema
    .createTable('swipes')
    .addColumn('actor_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('swipes_pk', ['actor_id', 'target_id'])
    .execute();
  await db.schema.createIndex('swipes_target_idx').on('swipes').columns(['target_id', 'action', 'created_at']).execute();
  await db.schema.createIndex('swipes_actor_time_idx').on('swipes').columns(['actor_id', 'created_at']).execute();

  await db.schema
    .createTable('matches')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('pair_key', 'varchar(80)', (c) => c.notNull().unique())
    .addColumn('user_a', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_b', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** 'like' or 'super_like': how the match was made (a super like on either side makes it super). */
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('chat_room_id', 'varchar(32)', (c) => c.references('chat_rooms.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('unmatched_at', t.timestamp)
    .addColumn('unmatched_by', 'varchar(32)')
    .execute();
  await db.schema.createIndex('matches_user_a_idx').on('matches').columns(['user_a', 'created_at']).execute();
  await db.schema.createIndex('matches_user_b_idx').on('matches').columns(['user_b', 'created_at']).execute();

  await db.schema
    .createTable('usage_counters')
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** UTC day, YYYY-MM-DD. */
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('super_likes', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('usage_counters_pk', ['user_id', 'day'])
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan', 'varchar(32)', (c) => c.notNull())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('starts_at', t.timestamp, (c) => c.notNull())
    .addColumn('ends_at', t.timestamp, (c) => c.notNull())
    .addColumn('cancelled_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('subscriptions_user_idx').on('subscriptions').columns(['user_id', 'ends_at']).execute();

  await db.schema
    .createTable('boosts')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('starts_at', t.timestamp, (c) => c.notNull())
    .addColumn('ends_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('boosts_ends_idx').on('boosts').columns(['ends_at', 'user_id']).execute();
  await db.schema.createIndex('boosts_user_idx').on('boosts').columns(['user_id', 'starts_at']).execute();

  // Discover walks recently active members of a gender (DESIGN §6: ranked by activity).
  await db.schema.createIndex('users_gender_active_idx').on('users').columns(['gender', 'last_active_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_gender_active_idx').ifExists().execute();
  for (const table of ['boosts', 'subscriptions', 'usage_counters', 'matches', 'swipes']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
