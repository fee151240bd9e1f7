import { type Kysely } from 'kysely';
import { columnTypes } from './column-types';

/**
 * The feed (issue 13): one post per member (`feed_posts.user_id` is unique), the post's photos
 * (stored like profile photos, each with its own files), likes (one per member and post: the
 * primary key makes a second like change nothing, and counts are counted, so they never drift),
 * and the notifications inbox — one row per notification of any type, with the spec §3 push data
 * it was sent with, and whether and when it was read and clicked. Reports may name a post.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);

  await db.schema
    .createTable('feed_posts')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('marital_status', 'varchar(32)')
    .addColumn('relationship_type', 'varchar(32)')
    .addColumn('how_often_drink', 'varchar(32)')
    .addColumn('love_language', 'varchar(32)')
    .addColumn('body_type', 'varchar(32)')
    .addColumn('profile_description', 'varchar(1000)')
    .addColumn('is_available', t.boolean, (c) => c.notNull().defaultTo(t.true))
    .addColumn('preferred_age_min', 'integer', (c) => c.notNull())
    .addColumn('preferred_age_max', 'integer', (c) => c.notNull())
    .addColumn('preferred_body_type', 'varchar(32)')
    .addColumn('preferred_city', 'varchar(80)')
    .addColumn('preferred_drinking', 'varchar(32)')
    .addColumn('preferred_love_language', 'varchar(32)')
    .addColumn('preferred_marital_status', 'varchar(32)')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  // The feed walks posts newest first (created_at, id) and stops at a page: flat cost at any size.
  await db.schema.createIndex('feed_posts_newest_idx').on('feed_posts').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('feed_post_images')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** Null while uploaded but not yet used by a save. */
    .addColumn('post_id', 'varchar(32)', (c) => c.references('feed_posts.id').onDelete('cascade'))
    /** 1–4 (image_1 … image_4) once attached. */
    .addColumn('slot', 'integer')
    .addColumn('storage_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('feed_post_images_post_idx').on('feed_post_images').columns(['post_id', 'slot']).execute();
  await db.schema.createIndex('feed_post_images_user_idx').on('feed_post_images').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('feed_post_likes')
    .addColumn('post_id', 'varchar(32)', (c) => c.notNull().references('feed_posts.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('feed_post_likes_pk', ['post_id', 'user_id'])
    .execute();
  await db.schema.createIndex('feed_post_likes_user_idx').on('feed_post_likes').columns(['user_id', 'post_id']).execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    /** Whose inbox it is in. */
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'varchar(500)', (c) => c.notNull())
    /** The member it is about (viewer, sender or other user); gone with their account. */
    .addColumn('actor_id', 'varchar(32)', (c) => c.references('users.id').onDelete('cascade'))
    /** What it is about besides the actor (a post, a match), for collapsing repeats. */
    .addColumn('subject_id', 'varchar(32)')
    .addColumn('chat_room_id', 'varchar(32)')
    .addColumn('action', 'varchar(32)')
    /** The spec §3 push data as sent (JSON). */
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('is_read', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('read_at', t.timestamp)
    .addColumn('is_clicked', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('clicked_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_inbox_idx').on('notifications').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('notifications_unread_idx').on('notifications').columns(['user_id', 'is_read']).execute();
  await db.schema.createIndex('notifications_repeat_idx').on('notifications').columns(['user_id', 'type', 'actor_id', 'subject_id', 'created_at']).execute();
  await db.schema.createIndex('notifications_actor_idx').on('notifications').column('actor_id').execute();

  await db.schema.alterTable('user_reports').addColumn('post_id', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_reports').dropColumn('post_id').execute();
  for (const table of ['notifications', 'feed_post_likes', 'feed_post_images', 'feed_posts']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
