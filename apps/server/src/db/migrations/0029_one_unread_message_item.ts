import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types';

/**
 * A room's messages are one unread inbox item for the recipient (issue 11), and now the database
 * says so: two deliveries of the same room at once (a busy machine, or two processes) each looked
 * for the unread item, found none and inserted one. Duplicates made that way are read first (the
 * newest stays unread), then a unique partial index keeps it to one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await sql`update notifications set is_read = ${t.true}, read_at = created_at
    where type = 'message' and is_read = ${t.false} and subject_id is not null and exists (
      select 1 from notifications newer
      where newer.user_id = notifications.user_id and newer.subject_id = notifications.subject_id
        and newer.type = 'message' and newer.is_read = ${t.false}
        and (newer.created_at > notifications.created_at or (newer.created_at = notifications.created_at and newer.id > notifications.id)))`
    .execute(db);
  await sql`create unique index notifications_one_unread_message_idx on notifications (user_id, subject_id)
    where type = 'message' and is_read = ${t.false}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notifications_one_unread_message_idx').ifExists().execute();
}
