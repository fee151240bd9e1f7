import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types';

/**
 * Message requests and held first messages (issue 29). A room's request state lives on the room:
 * who sent the first message (`request_from`), whether the recipient has it as a request
 * (`pending`), not yet (`held`: the sender's first messages wait for an answer or moderation),
 * took it (`accepted`: both write) or turned it down (`declined`, with `declined_at` for the
 * 30 days the sender may not ask again); no state means nobody wrote yet. A message's `status` is
 * `sent`, or `held` while only its author may see it. Rooms that already have messages were
 * conversations before requests existed: accepted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('chat_rooms').addColumn('request_from', 'varchar(32)').execute();
  await db.schema.alterTable('chat_rooms').addColumn('request_status', 'varchar(16)').execute();
  await db.schema.alterTable('chat_rooms').addColumn('requested_at', t.timestamp).execute();
  await db.schema.alterTable('chat_rooms').addColumn('declined_at', t.timestamp).execute();
  await db.schema.alterTable('chat_messages').addColumn('status', 'varchar(8)', (c) => c.notNull().defaultTo('sent')).execute();
  await sql`update chat_rooms set request_status = 'accepted'
    where exists (select 1 from chat_messages where chat_messages.room_id = chat_rooms.id)`.execute(db);
  // A member's recent requests (unanswered first messages, held ones to release).
  await db.schema.createIndex('chat_rooms_request_from_idx').on('chat_rooms').columns(['request_from', 'requested_at']).execute();
  // A member's held messages, released together.
  await db.schema.createIndex('chat_messages_held_idx').on('chat_messages').columns(['user_id', 'status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('chat_messages_held_idx').ifExists().execute();
  await db.schema.dropIndex('chat_rooms_request_from_idx').ifExists().execute();
  await db.schema.alterTable('chat_messages').dropColumn('status').execute();
  for (const column of ['declined_at', 'requested_at', 'request_status', 'request_from']) {
    await db.schema.alterTable('chat_rooms').dropColumn(column).execute();
  }
}
