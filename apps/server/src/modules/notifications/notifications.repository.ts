import { sql, type Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query';
import type { Remembered } from '../../db/remembered';
import { rememberedById, type RowWatch } from '../../db/row-changes';
import type { Database, NewNotification, NotificationRow } from '../../db/schema';
import { blockedEitherWay, unmatchedWith, whereNotApart } from '../shared/blocks.repository';

/** A device a push goes to. */
export interface PushTarget { id: string; token: string; device_type: string }

/** A push waiting for its next attempt (push_retries), with its device. */
export interface DueRetry { id: string; message: string; attempt: number; device: PushTarget }

/** A notification with its actor as they are now (name and main photo), for the presenter. */
export type InboxRow = NotificationRow & { actor_name: string | null; actor_photo_key: string | null };

// What every notification reads, compiled once (see `preparedQuery`): each chat message to a
// member without the room open is a notification.

const unreadOfQuery = preparedQuery<{ userId: string; type: string; subjectId: string }, { id: string }>((db, param) => db
  .selectFrom('notifications').select('id')
  .where('user_id', '=', param('userId')).where('type', '=', param('type')).where('subject_id', '=', param('subjectId'))
  .where('is_read', '=', false)
  .limit(1));

const blockedOrUnmatchedQuery = preparedQuery<{ userId: string; otherId: string }, { id: string }>((db, param) => db
  .selectFrom('users as u').select('u.id').where('u.id', '=', param('otherId'))
  .where((eb) => eb.or([blockedEitherWay(eb, param('userId'), 'u.id'), unmatchedWith(eb, param('userId'), 'u.id')])));

/** The rows `blockedOrUnmatchedQuery` answers from: a change of one forgets both members' pairs. */
const APART_ROWS: readonly RowWatch<'member'>[] = [
  { table: 'user_blocks', inserts: true, report: { blocker_id: 'member', blocked_id: 'member' } },
  { table: 'matches', inserts: true, columns: ['user_a', 'user_b', 'unmatched_at'], report: { user_a: 'member', user_b: 'member' } },
];
const APART_PAIRS_REMEMBERED = 50_000;

export interface NotificationsRepositoryOptions {
  /** Keep whether two members are apart between notifications; needs a database that reports every change of blocks and matches (see `watchRowChanges`). */
  remember?: boolean;
}

/** A member's devices with when their sessions end (a push goes to those still live then). */
type DeviceOfSession = PushTarget & { revoked_at: string | null; expires_at: string };
const devicesOfQuery = preparedQuery<{ userId: string }, DeviceOfSession>((db, param) => db
  .selectFrom('push_devices as d')
  .innerJoin('sessions as s', 's.id', 'd.session_id')
  .select(['d.id', 'd.token', 'd.device_type', 's.revoked_at', 's.expires_at'])
  .where('d.user_id', '=', param('userId')));

/** The rows `devicesOfQuery` answers from: a member's devices, and their sessions' ends. */
const DEVICE_ROWS: readonly RowWatch<'member'>[] = [
  { table: 'push_devices', inserts: true, report: { user_id: 'member' } },
  { table: 'sessions', columns: ['user_id', 'expires_at', 'revoked_at'], report: { user_id: 'member' } },
];
const MEMBERS_DEVICES_REMEMBERED = 10_000;

/**
 * The notifications inbox (one row per notification, any type). Items about a member the
 * recipient is apart from (blocked either way, or matched and unmatched: `contactPolicy.apart`)
 * are left out of every read, like everything else about them — neither their name nor their photo.
 */
export class NotificationsRepository {
  /** Whether two members are apart, by `recipient actor`, kept with both ids (a conversation asks it at every message). */
  readonly #apart: Remembered<boolean> | undefined;
  /** Each member's devices with their sessions' ends, by member (every push reads them). */
  readonly #devices: Remembered<readonly DeviceOfSession[]> | undefined;

  constructor(readonly db: Kysely<Database>, options: NotificationsRepositoryOptions = {}) {
    this.#apart = rememberedById<boolean>(db, APART_ROWS, APART_PAIRS_REMEMBERED, options.remember, 'with');
    this.#devices = rememberedById<readonly DeviceOfSession[]>(db, DEVICE_ROWS, MEMBERS_DEVICES_REMEMBERED, options.remember);
  }

  private inbox(userId: string) {
    return this.db
      .selectFrom('notifications as n')
      .where('n.user_id', '=', userId)
      .where((eb) => eb.or([eb('n.actor_id', 'is', null), whereNotApart(eb, userId, 'n.actor_id')]));
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

  /** How many items I have (`unreadOnly`: unread; `types`: of these types only). */
  async count(userId: string, unreadOnly = false, types?: readonly string[]): Promise<number> {
    let query = this.inbox(userId).select(sql<number>`count(*)`.as('n'));
    if (unreadOnly) query = query.where('n.is_read', '=', false);
    if (types) query = query.where('n.type', 'in', [...types]);
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

  /**
   * A room's message item: inserted unless the member has an unread one for the room already (a
   * unique partial index decides, so deliveries at the same moment still make one); answers the
   * unread item's id and whether it is new.
   */
  async insertUnreadMessage(row: NewNotification & { subject_id: string }): Promise<{ id: string; created: boolean }> {
    // The look-up first: while a conversation goes on, the room's item is usually there and unread,
    // and one read answers (the insert first cost a write and a read for every such message).
    // A second try only when another delivery inserted the item between the look-up and the
    // insert and it was read right after (rare).
    for (let attempt = 0; attempt < 2; attempt++) {
      const unread = await this.unreadOf(row.user_id, row.type, row.subject_id);
      if (unread) return { id: unread, created: false };
      const inserted = await this.db.insertInto('notifications').values(row).onConflict((oc) => oc.doNothing()).executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) return { id: row.id, created: true };
    }
    // Nothing inserted and nothing unread twice over: the item is the plain insert's (its error, if any, is real).
    await this.insert(row);
    return { id: row.id, created: true };
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

  /** Marks my unread items of these types read (their tab's page is open). */
  async markTypesRead(userId: string, types: readonly string[], now: string): Promise<void> {
    await this.db
      .updateTable('notifications')
      .set({ is_read: true, read_at: now })
      .where('user_id', '=', userId)
      .where('type', 'in', [...types])
      .where('is_read', '=', false)
      .execute();
  }

  /** An unread item of this type and subject (a room's messages stay one unread item). */
  async unreadOf(userId: string, type: string, subjectId: string): Promise<string | null> {
    return (await unreadOfQuery(this.db, { userId, type, subjectId })).rows[0]?.id ?? null;
  }

  /** Whether the two members have blocked each other (either way) or were matched and unmatched. */
  async blockedOrUnmatched(userId: string, otherId: string): Promise<boolean> {
    const read = async () => (await blockedOrUnmatchedQuery(this.db, { userId, otherId })).rows.length > 0;
    if (!this.#apart) return read();
    return this.#apart.get(`${userId} ${otherId}`, 0, async () => ({ value: await read(), ids: [userId, otherId] }));
  }

  /**
   * The member's devices whose sessions are live, and whether any is left of a session that ended
   * (signed out elsewhere, expired): the devices module forgets those before the push.
   */
  async devicesOf(userId: string, now: string): Promise<{ live: PushTarget[]; anyEnded: boolean }> {
    const read = async () => (await devicesOfQuery(this.db, { userId })).rows;
    const rows = this.#devices ? await this.#devices.get(userId, 0, async () => ({ value: await read() })) : await read();
    // Whether a session is live is decided now, from when it ends: an expiry needs no change to forget it.
    const at = Date.parse(now);
    const live: PushTarget[] = [];
    let anyEnded = false;
    for (const { revoked_at: revokedAt, expires_at: expiresAt, ...device } of rows) {
      if (revokedAt === null && Date.parse(expiresAt) > at) live.push(device);
      else anyEnded = true;
    }
    return { live, anyEnded };
  }

  // ── push collapse windows ──

  /** Counts one more event in the member's open window of this kind; false when none is open. */
  async holdInWindow(userId: string, kind: string, now: string): Promise<boolean> {
    const result = await this.db.updateTable('push_collapse').set((eb) => ({ held: eb('held', '+', 1) }))
      .where('user_id', '=', userId).where('kind', '=', kind).where('window_ends_at', '>', now).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Opens a window; false when one exists (another event opened it, or an ended one awaits its summary). */
  async openWindow(userId: string, kind: string, endsAt: string): Promise<boolean> {
    const result = await this.db.insertInto('push_collapse').values({ user_id: userId, kind, window_ends_at: endsAt, held: 0 })
      .onConflict((oc) => oc.columns(['user_id', 'kind']).doNothing()).executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Windows that ended by `now` (of one member, or everyone's). */
  async endedWindows(now: string, userId?: string): Promise<{ user_id: string; kind: string; window_ends_at: string; held: number }[]> {
    let query = this.db.selectFrom('push_collapse').select(['user_id', 'kind', 'window_ends_at', 'held']).where('window_ends_at', '<=', now);
    if (userId) query = query.where('user_id', '=', userId);
    const rows = await query.limit(500).execute();
    return rows.map((r) => ({ ...r, window_ends_at: String(r.window_ends_at), held: Number(r.held) }));
  }

  /** Takes an ended window: true for exactly one caller, on any process. */
  async claimWindow(window: { user_id: string; kind: string; window_ends_at: string }): Promise<boolean> {
    const result = await this.db.deleteFrom('push_collapse')
      .where('user_id', '=', window.user_id).where('kind', '=', window.kind).where('window_ends_at', '=', window.window_ends_at)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  // ── pushes waiting for a retry ──

  async saveRetry(retry: { id: string; device_id: string; message: string; attempt: number; due_at: string }): Promise<void> {
    await this.db.insertInto('push_retries').values(retry).execute();
  }

  /** Takes a waiting retry: true for exactly one caller, on any process. */
  async claimRetry(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('push_retries').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Retries due by `now` whose device still belongs to a signed-in session, oldest first. */
  async dueRetries(now: string, limit: number): Promise<DueRetry[]> {
    const rows = await this.db.selectFrom('push_retries as r')
      .innerJoin('push_devices as d', 'd.id', 'r.device_id')
      .innerJoin('sessions as s', 's.id', 'd.session_id')
      .select(['r.id', 'r.message', 'r.attempt', 'd.id as device_id', 'd.token', 'd.device_type'])
      .where('r.due_at', '<=', now)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', now)
      .orderBy('r.due_at')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: r.id, message: r.message, attempt: Number(r.attempt), device: { id: r.device_id, token: r.token, device_type: r.device_type } }));
  }

  // ── the reminder job ──

  /**
   * Members to remind: away since before `awaySince`, with likes received since they were last
   * active that they have not answered (from members not blocked either way), and no reminder
   * since `remindedSince`. With how many such likes.
   */
  async reminderCandidates(awaySince: string, remindedSince: string, limit: number): Promise<{ user_id: string; likes: number }[]> {
    const rows = await this.db.selectFrom('users as u')
      .innerJoin('swipes as s', 's.target_id', 'u.id')
      .select(['u.id as user_id', sql<number>`count(*)`.as('likes')])
      .where('u.is_demo', '=', false)
      .where('u.last_active_at', '<', awaySince)
      .where('s.action', 'in', ['like', 'super_like'])
      .whereRef('s.created_at', '>', 'u.last_active_at')
      .where((eb) => eb.not(eb.exists(
        eb.selectFrom('swipes as back').select('back.actor_id').whereRef('back.actor_id', '=', 'u.id').whereRef('back.target_id', '=', 's.actor_id'),
      )))
      .where((eb) => eb.not(eb.exists(
        eb.selectFrom('notifications as n').select('n.id').whereRef('n.user_id', '=', 'u.id').where('n.type', '=', 'reminder').where('n.created_at', '>', remindedSince),
      )))
      .where((eb) => eb.not(eb.exists(
        eb.selectFrom('user_blocks as b').select('b.blocker_id').where((w) => w.or([
          w.and([w('b.blocker_id', '=', w.ref('u.id')), w('b.blocked_id', '=', w.ref('s.actor_id'))]),
          w.and([w('b.blocked_id', '=', w.ref('u.id')), w('b.blocker_id', '=', w.ref('s.actor_id'))]),
        ])),
      )))
      .groupBy('u.id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ user_id: r.user_id, likes: Number(r.likes) }));
  }
}
