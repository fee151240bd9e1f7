import { sql, type Kysely } from 'kysely';
import type { Database, NewNotification, NotificationRow } from '../../db/schema';
import { whereNotBlocked } from '../shared/blocks.repository';

/** A notification with its actor as they are now (name and main photo), for the presenter. */
export type InboxRow = NotificationRow & { actor_name: string | null; actor_photo_key: string | null };

/**
 * The notifications inbox (one row per notification, any type). Items about a member blocked
 * either way are left out of every read, like everything else about them.
 */
export class NotificationsRepository {
  constructor(readonly db: Kysely<Database>) {}

  private inbox(userId: string) {
    return this.db
      .selectFrom('notifications as n')
      .where('n.user_id', '=', userId)
      .where((eb) => eb.or([eb('n.actor_id', 'is', null), whereNotBlocked(eb, userId, 'n.actor_id')]));
  }

  /** My items with their actor's current name and main photo (primary, else first). */
  private withActor(userId: string) {
    return this.inbox(userId)
      .leftJoin('users as a', 'a.id', 'n.actor_id')
      .selectAll('n')
      .select('a.name as actor_name')
      .select((eb) =>
        eb.selectFrom('user_photos as ph').select('ph.storage_key').whereRef('ph.user_id', '=', 'n.actor_id')
          .orderBy('ph.is_primary', 'desc').orderBy('ph.position').limit(1).as('actor_photo_key'),
      );
  }

  async list(userId: string, limit: number, offset: number): Promise<InboxRow[]> {
    return this.withActor(userId)
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async count(userId: string, unreadOnly = false): Promise<number> {
    let query = this.inbox(userId).select(sql<number>`count(*)`.as('n'));
    if (unreadOnly) query = query.where('n.is_read', '=', false);
    const row = await query.executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async find(userId: string, id: string): Promise<InboxRow | undefined> {
    return this.withActor(userId)
      .where('n.id', '=', id)
      .executeTakeFirst();
  }

  /** Whether an item of this type, actor and subject reached the member since `since`. */
  async hasRecent(item: { userId: string; type: string; actorId: string | null; subjectId: string | null }, since: string): Promise<boolean> {
    let query = this.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', item.userId)
      .where('type', '=', item.type)
      .where('created_at', '>=', since);
    query = item.actorId === null ? query.where('actor_id', 'is', null) : query.where('actor_id', '=', item.actorId);
    query = item.subjectId === null ? query.where('subject_id', 'is', null) : query.where('subject_id', '=', item.subjectId);
    return (await query.limit(1).executeTakeFirst()) !== undefined;
  }

  async insert(row: NewNotification): Promise<void> {
    await this.db.insertInto('notifications').values(row).execute();
  }

  /** Sets read (and, with `clicked`, clicked) once: later calls keep the first times. False when it is not the member's. */
  async mark(userId: string, id: string, now: string, clicked: boolean): Promise<boolean> {
    const result = await this.db
      .updateTable('notifications')
      .set((eb) => ({
        is_read: true,
        read_at: eb.fn.coalesce('read_at', eb.val(now)),
        ...(clicked ? { is_clicked: true, clicked_at: eb.fn.coalesce('clicked_at', eb.val(now)) } : {}),
      }))
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
