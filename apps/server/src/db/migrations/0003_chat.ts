import type { Kysely } from 'kysely';
import { columnTypes } from './column-types';

/** One-to-one chat: rooms (one per pair), memberships with read marks, messages. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);

  await db.schema
    .createTable('chat_rooms')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    /** The two member ids, sorted and joined: one room per pair, even under simultaneous creates. */
    .addColumn('pair_key', 'varchar(80)', (c) => c.notNull().unique())
    .addColumn('created_by', 'varchar(32)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_activity', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('chat_room_members')
    .addColumn('room_id', 'varchar(32)', (c) => c.notNull().references('chat_rooms.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** The room's name as this member sees it. */
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('joined_at', t.timestamp, (c) => c.notNull())
    .addColumn('left_at', t.timestamp)
    .addColumn('last_read_at', t.timestamp)
    .addPrimaryKeyConstraint('chat_room_members_pk', ['room_id', 'user_id'])
    .execute();
  await db.schema.createIndex('chat_room_members_user_idx').on('chat_room_members').columns(['user_id', 'left_at']).execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('room_id', 'varchar(32)', (c) => c.notNull().references('chat_rooms.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('is_edited', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('client_id', 'varchar(64)')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_messages_room_idx').on('chat_messages').columns(['room_id', 'created_at']).execute();
  await db.schema.createIndex('chat_messages_client_idx').on('chat_messages').columns(['user_id', 'client_id']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['chat_messages', 'chat_room_members', 'chat_rooms']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
