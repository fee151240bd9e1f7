import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query';
import { watchRowChanges, type RowWatch } from '../../db/row-changes';
import { Remembered, type KeptReads } from '../../db/remembered';
import { toBool, type ChatMemberRow, type ChatMessageRow, type Database, type MessagePolicy, type RequestStatus } from '../../db/schema';
import type { CountingExecutor } from '../../lib/limit-counters.repository';
import { isoNow, type Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { blockedEitherWay, unmatchedWith, whereNotBlocked, whereNotRestricted } from '../shared/blocks.repository';
import { pairKey } from '../../lib/pair-key';
import type { ErasedMember } from '../shared/member-erasure';
import { messagePolicyOf } from '../shared/privacy';
import type { ChatPartner, Membership, RoomRequest } from './chat.policy';
import { MessageWriter, writeMessage, type MessageValues } from './message-writer.repository';

export interface RoomForMember {
  id: string;
  name: string;
  last_activity: string;
  last_read_at: string | null;
  unread_count: number;
  latest_message_id: string | null;
  request_from: string | null;
  request_status: RequestStatus | null;
  declined_at: string | null;
  /** The other member of the pair (null once their account is gone), when they last read it, and whether the two unmatched. */
  other_id: string | null;
  other_last_read_at: string | null;
  unmatched: boolean;
}

/** A pending request as its recipient's list shows it: the room, its sender and the request's message. */
export interface RequestForMember {
  id: string;
  request_from: string;
  requested_at: string;
  message_id: string | null;
}

/** A held first message as moderators list it (issue 30). */
export interface HeldRow {
  id: string;
  room_id: string;
  sender_id: string;
  recipient_id: string;
  message: string;
  created_at: string;
}

/** A room whose held first message was released (see `releaseHeld`). */
export interface ReleasedRequest {
  roomId: string;
  recipients: string[];
  message: ChatMessageRow;
}

/** A member of a room as another member sees them before sending (see `membersAs`). */
export type RoomMemberAs = Pick<Membership, 'room_id' | 'user_id' | 'left_at' | 'blocked'> & {
  member_name: string; message_policy: MessagePolicy; room_created_by: string | null;
  /** The room's message request (the same on every member's row). */
  request: RoomRequest;
};

/**
 * A message `userId` may see: sent, or their own (a held message is seen by its author only).
 * `alias` is the message table's alias in the outer query.
 */
function visibleMessage<DB, TB extends keyof DB>(outer: ExpressionBuilder<DB, TB>, alias: string, userId: string) {
  const eb = outer as unknown as ExpressionBuilder<Database, never>;
  return eb.or([eb(sql.ref<string>(`${alias}.status`), '=', 'sent'), eb(sql.ref<string>(`${alias}.user_id`), '=', userId)]);
}

/**
 * Whether a member's conversation list may show the room by its request (`r` the room): a room
 * with no request or an accepted one, or a request the member sent. A request to the member is in
 * their requests (pending), or nowhere (held for them, or declined).
 */
function requestListedFor<DB, TB extends keyof DB>(outer: ExpressionBuilder<DB, TB>, userId: string) {
  const eb = outer as unknown as ExpressionBuilder<Database, never>;
  return eb.or([
    eb(sql.ref<string | null>('r.request_status'), 'is', null),
    eb(sql.ref<string | null>('r.request_status'), '=', 'accepted'),
    eb(sql.ref<string | null>('r.request_from'), '=', userId),
  ]);
}

/**
 * Another member of the room `m.room_id` and `userId` blocked each other: the room is hidden from
 * both while the block lasts.
 */
function roomBlockedFor<DB, TB extends keyof DB>(outer: ExpressionBuilder<DB, TB>, userId: string) {
  const eb = outer as unknown as ExpressionBuilder<Database, never>;
  return eb.exists(
    eb.selectFrom('chat_room_members as other')
      .select('other.user_id')
      .where('other.room_id', '=', sql.ref<string>('m.room_id'))
      .where('other.user_id', '!=', userId)
      .where((b) => blockedEitherWay(b, userId, 'other.user_id')),
  );
}

/**
 * Whether a member's room list shows the room (`m` its membership, `r` the room): a room shows
 * once it has a message, and before that only to the member who opened it, or to both when the
 * pair is matched. So a chat opened and left empty never lands in the other member's list.
 */
function roomListedFor<DB, TB extends keyof DB>(outer: ExpressionBuilder<DB, TB>, userId: string) {
  const eb = outer as unknown as ExpressionBuilder<Database, never>;
  return eb.or([
    eb(sql.ref<string | null>('r.created_by'), '=', userId),
    eb.exists(
      eb.selectFrom('chat_messages as any_message').select('any_message.id').where('any_message.room_id', '=', sql.ref<string>('r.id'))
        .where((w) => visibleMessage(w, 'any_message', userId)),
    ),
    eb.exists(
      eb.selectFrom('matches as pair_match').select('pair_match.id')
        .where('pair_match.pair_key', '=', sql.ref<string>('r.pair_key'))
        .where('pair_match.unmatched_at', 'is', null),
    ),
  ]);
}

// The send path's queries, compiled once (see `preparedQuery`): they run for every message.

const membersAsQuery = preparedQuery<{ roomId: string; userId: string }, Pick<ChatMemberRow, 'room_id' | 'user_id' | 'left_at'> & RoomRequest & {
  member_name: string; room_created_by: string | null; message_policy: string | null; blocked: unknown;
}>((db, param) => db
  .selectFrom('chat_room_members as m')
  .innerJoin('chat_rooms as r', 'r.id', 'm.room_id')
  .innerJoin('users as u', 'u.id', 'm.user_id')
  .leftJoin('user_settings as s', 's.user_id', 'm.user_id')
  .select((eb) => [
    'm.room_id', 'm.user_id', 'm.left_at', 'u.name as member_name', 'r.created_by as room_created_by', 's.message_policy',
    'r.request_from', 'r.request_status', 'r.declined_at',
    blockedEitherWay(eb, param('userId'), 'm.user_id').as('blocked'),
  ])
  .where('m.room_id', '=', param('roomId')));

/** The rows `membersAs` reads, and whether a change concerns a room or a member. */
const MEMBERS_AS_ROWS: RowWatch<'room' | 'member'>[] = [
  { table: 'chat_room_members', inserts: true, columns: ['room_id', 'user_id', 'left_at'], report: { room_id: 'room' } },
  { table: 'chat_rooms', columns: ['id', 'created_by', 'request_from', 'request_status', 'declined_at'], report: { id: 'room' } },
  { table: 'users', columns: ['id', 'name'], report: { id: 'member' } },
  { table: 'user_settings', inserts: true, columns: ['user_id', 'message_policy'], report: { user_id: 'member' } },
  { table: 'user_blocks', inserts: true, report: { blocker_id: 'member', blocked_id: 'member' } },
];
const ROOMS_REMEMBERED = 10_000;

/**
 * The members of rooms as their senders deal with them, kept between sends (a conversation reads
 * the same room again and again). Only where every change reaches it (`watchRowChanges`), whose
 * row changes make it forget a room the moment a member joins, leaves or is removed
 * or the room changes, and every room of a member whose name or "who may message me" setting
 * changes or who blocks or is blocked. A read that raced with any change is not kept.
 */
class RoomMembersCache implements KeptReads {
  /** Each entry kept with its room's id and its members' (the sender included). */
  readonly #remembered = new Remembered<readonly RoomMemberAs[]>(ROOMS_REMEMBERED);

  async get(roomId: string, userId: string, read: () => Promise<RoomMemberAs[]>): Promise<readonly RoomMemberAs[]> {
    const key = `${roomId} ${userId}`;
    const known = this.#remembered.peek(key);
    if (known) return known;
    const mark = this.#remembered.mark();
    const members = Object.freeze((await read()).map((m) => Object.freeze(m)));
    const ids = [...new Set([roomId, userId, ...members.map((m) => m.user_id)])];
    this.#remembered.keep(mark, key, members, 0, Number.POSITIVE_INFINITY, ids);
    return members;
  }

  /** Forgets every entry of a room, or every entry a member appears in. */
  forget(id: string): void {
    this.#remembered.forgetWith(id);
  }

  suspend(): void {
    this.#remembered.suspend();
  }

  resume(): void {
    this.#remembered.resume();
  }
}

export interface ChatRepositoryOptions {
  /**
   * Commit the messages of concurrent sends together (SQLite: one connection, so each commit
   * would otherwise wait for the one before and write its own WAL frames).
   */
  groupCommits?: boolean;
  /** Remember rooms' members between sends (see `RoomMembersCache`); needs a database that reports row changes. */
  rememberMembers?: boolean;
}

/** All chat SQL: rooms, memberships and messages. */
export class ChatRepository {
  readonly #messages: MessageWriter;
  readonly #members: RoomMembersCache | undefined;

  /** `clock`: when a suspension has ended (`whereNotRestricted`). */
  constructor(private readonly db: Kysely<Database>, private readonly clock: Clock, options: ChatRepositoryOptions = {}) {
    this.#messages = new MessageWriter(db, { groupCommits: options.groupCommits ?? false });
    const cache = new RoomMembersCache();
    this.#members = options.rememberMembers && watchRowChanges(db, MEMBERS_AS_ROWS, (_kind, id) => cache.forget(id), [cache]) ? cache : undefined;
  }

  /**
   * Account deletion: the member's rooms go whole, with the other member's side of the
   * conversation, as a block would (their members and read marks cascade); then their messages
   * anywhere else.
   */
  async deleteForMember(db: Kysely<Database>, member: ErasedMember): Promise<void> {
    await db.deleteFrom('chat_rooms')
      .where('id', 'in', db.selectFrom('chat_room_members').select('room_id').where('user_id', '=', member.id))
      .execute();
    await db.deleteFrom('chat_messages').where('user_id', '=', member.id).execute();
  }

  /** The membership of a member in a room, left or not, and whether a block hides the room from them. */
  async findMembership(roomId: string, userId: string): Promise<Membership | undefined> {
    const row = await this.db
      .selectFrom('chat_room_members as m')
      .selectAll('m')
      .select((eb) => roomBlockedFor(eb, userId).as('blocked'))
      .where('m.room_id', '=', roomId)
      .where('m.user_id', '=', userId)
      .executeTakeFirst();
    return row ? { ...row, blocked: toBool(row.blocked as boolean | number) } : undefined;
  }

  members(roomId: string): Promise<ChatMemberRow[]> {
    return this.db.selectFrom('chat_room_members').selectAll().where('room_id', '=', roomId).execute();
  }

  /**
   * Every member of a room as `userId` deals with them (one query, on each send): their name,
   * blocked either way with `userId`, their "who may message me" setting, and who started the room.
   */
  membersAs(roomId: string, userId: string): Promise<readonly RoomMemberAs[]> {
    const read = async () => (await membersAsQuery(this.db, { roomId, userId })).rows.map(({
      message_policy, blocked, request_from, request_status, declined_at, ...row
    }) => ({
      ...row, blocked: toBool(blocked as boolean | number), message_policy: messagePolicyOf(message_policy),
      request: { request_from, request_status, declined_at },
    }));
    return this.#members ? this.#members.get(roomId, userId, read) : read();
  }

  findRoomIdByPair(pairKey: string): Promise<string | undefined> {
    return this.db.selectFrom('chat_rooms').select('id').where('pair_key', '=', pairKey).executeTakeFirst().then((r) => r?.id);
  }

  findRoomByPair(pairKey: string): Promise<({ id: string; created_by: string | null } & RoomRequest) | undefined> {
    return this.db.selectFrom('chat_rooms').select(['id', 'created_by', 'request_from', 'request_status', 'declined_at'])
      .where('pair_key', '=', pairKey).executeTakeFirst();
  }

  /** A room's message request. */
  findRequest(roomId: string): Promise<RoomRequest | undefined> {
    return this.db.selectFrom('chat_rooms').select(['request_from', 'request_status', 'declined_at']).where('id', '=', roomId).executeTakeFirst();
  }

  /** A match's room: a conversation from the start, whatever request it held. */
  async acceptAsMatch(roomId: string): Promise<void> {
    await this.db.updateTable('chat_rooms').set({ request_status: 'accepted' }).where('id', '=', roomId)
      .where((eb) => eb.or([eb('request_status', 'is', null), eb('request_status', '!=', 'accepted')])).execute();
  }

  /** The recipient accepts a pending request; false when it was not pending (any more). */
  async acceptRequest(roomId: string, recipientId: string): Promise<boolean> {
    const result = await this.db.updateTable('chat_rooms').set({ request_status: 'accepted' })
      .where('id', '=', roomId).where('request_status', '=', 'pending').where('request_from', '!=', recipientId).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The recipient declines a pending request; false when it was not pending (any more). */
  async declineRequest(roomId: string, recipientId: string, now: string): Promise<boolean> {
    const result = await this.db.updateTable('chat_rooms').set({ request_status: 'declined', declined_at: now })
      .where('id', '=', roomId).where('request_status', '=', 'pending').where('request_from', '!=', recipientId).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * The recipient of a request held from them or declined by them opens the chat with its sender
   * themselves: the room has no request any more (held messages stay held, seen by their author only).
   */
  async clearRequest(roomId: string, recipientId: string): Promise<void> {
    await this.db.updateTable('chat_rooms').set({ request_from: null, request_status: null, requested_at: null, declined_at: null })
      .where('id', '=', roomId).where('request_from', '!=', recipientId).where('request_status', 'in', ['held', 'declined']).execute();
  }

  /**
   * Releases every held first message of a member, in one transaction: the messages become sent
   * and their rooms pending requests. Answers each released room with its recipients and message
   * (for their notifications). What moderation will call to release a member's messages too.
   */
  async releaseHeld(senderId: string): Promise<ReleasedRequest[]> {
    return this.db.transaction().execute(async (trx) => {
      const held = await trx.selectFrom('chat_messages').selectAll().where('user_id', '=', senderId).where('status', '=', 'held').execute();
      if (held.length === 0) return [];
      await trx.updateTable('chat_messages').set({ status: 'sent' }).where('user_id', '=', senderId).where('status', '=', 'held').execute();
      const rooms = await trx.updateTable('chat_rooms').set({ request_status: 'pending' })
        .where('request_from', '=', senderId).where('request_status', '=', 'held').returning('id').execute();
      const roomIds = new Set(rooms.map((r) => r.id));
      const members = roomIds.size === 0 ? [] : await trx.selectFrom('chat_room_members').select(['room_id', 'user_id'])
        .where('room_id', 'in', [...roomIds]).where('user_id', '!=', senderId).execute();
      return held.filter((m) => roomIds.has(m.room_id)).map((m) => ({
        roomId: m.room_id,
        recipients: members.filter((x) => x.room_id === m.room_id).map((x) => x.user_id),
        message: { ...m, status: 'sent' as const },
      }));
    });
  }

  /** Held first messages, oldest first, with their recipient (issue 30: the moderators' list). */
  async listHeld(limit: number, offset: number): Promise<{ rows: HeldRow[]; total: number }> {
    const base = this.db.selectFrom('chat_messages as m').innerJoin('chat_room_members as rm', (j) => j.onRef('rm.room_id', '=', 'm.room_id').onRef('rm.user_id', '!=', 'm.user_id'))
      .where('m.status', '=', 'held');
    const [rows, count] = await Promise.all([
      base.select(['m.id', 'm.room_id', 'm.user_id as sender_id', 'rm.user_id as recipient_id', 'm.message', 'm.created_at'])
        .orderBy('m.created_at').orderBy('m.id').limit(limit).offset(offset).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  }

  /** One held message (undefined once released or rejected). */
  findHeld(messageId: string): Promise<{ id: string; user_id: string; room_id: string } | undefined> {
    return this.db.selectFrom('chat_messages').select(['id', 'user_id', 'room_id']).where('id', '=', messageId).where('status', '=', 'held').executeTakeFirst();
  }

  /** Refuses a held first message: it stays its author's only, and its room's request is declined. */
  async rejectHeld(messageId: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.updateTable('chat_messages').set({ status: 'rejected' }).where('id', '=', messageId).where('status', '=', 'held')
        .returning('room_id').executeTakeFirst();
      if (!row) return false;
      await trx.updateTable('chat_rooms').set({ request_status: 'declined' }).where('id', '=', row.room_id).where('request_status', '=', 'held').execute();
      return true;
    });
  }

  /** The pending requests to a member (newest first), not from anyone blocked either way. */
  async listRequests(userId: string, limit: number, offset: number): Promise<RequestForMember[]> {
    const rows = await this.requestsOf(userId)
      .select((eb) => [
        'r.id', 'r.request_from', 'r.requested_at',
        eb.selectFrom('chat_messages as rm').select('rm.id')
          .whereRef('rm.room_id', '=', 'r.id').whereRef('rm.user_id', '=', 'r.request_from').where('rm.status', '=', 'sent')
          .orderBy('rm.created_at', 'desc').orderBy('rm.id', 'desc').limit(1)
          .as('message_id'),
      ])
      .orderBy('r.requested_at', 'desc').orderBy('r.id', 'desc').limit(limit).offset(offset)
      .execute();
    return rows.map((r) => ({ id: r.id, request_from: r.request_from!, requested_at: r.requested_at!, message_id: r.message_id ?? null }));
  }

  async countRequests(userId: string): Promise<number> {
    const row = await this.requestsOf(userId).select(sql<number>`count(*)`.as('n')).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  private requestsOf(userId: string) {
    return this.db.selectFrom('chat_room_members as m').innerJoin('chat_rooms as r', 'r.id', 'm.room_id')
      .where('m.user_id', '=', userId).where('m.left_at', 'is', null)
      .where('r.request_status', '=', 'pending').where('r.request_from', '!=', userId)
      .where((eb) => eb.not(roomBlockedFor(eb, userId)))
      // A suspended or banned sender's pending requests stop (issue 30).
      .where((eb) => whereNotRestricted(eb, 'r.request_from', isoNow(this.clock)));
  }

  /**
   * Runs the work of a first message in one transaction: the limiter counts in it (`within`),
   * and the request's reads and writes see and hold what parallel first messages committed.
   */
  transaction<T>(work: (tx: FirstMessageWrites, within: CountingExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new FirstMessageWrites(trx), trx));
  }

  /** What the trust tier of a member reads: when the account was made, and who reported it since `reportsSince`. */
  async senderTrust(userId: string, reportsSince: string): Promise<{ created_at: string; reporters: number } | undefined> {
    const row = await this.db.selectFrom('users as u')
      .select((eb) => [
        'u.created_at',
        eb.selectFrom('user_reports as rep').select(sql<number>`count(distinct rep.reporter_id)`.as('n'))
          .whereRef('rep.reported_id', '=', 'u.id').where('rep.created_at', '>=', reportsSince)
          .as('reporters'),
      ])
      .where('u.id', '=', userId)
      .executeTakeFirst();
    return row && { created_at: row.created_at, reporters: Number(row.reporters ?? 0) };
  }

  /** `accepted`: a conversation from the start (a match's room), never a request. */
  async createRoom(input: {
    pairKey: string; createdBy: string; now: string;
    members: { userId: string; name: string }[];
    accepted?: boolean;
  }): Promise<string> {
    const id = newId();
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('chat_rooms').values({
        id, pair_key: input.pairKey, created_by: input.createdBy, created_at: input.now, last_activity: input.now,
        request_status: input.accepted ? 'accepted' : null,
      }).execute();
      await trx.insertInto('chat_room_members').values(input.members.map((m) => ({
        room_id: id, user_id: m.userId, name: m.name, joined_at: input.now, left_at: null, last_read_at: null,
      }))).execute();
    });
    return id;
  }

  async rejoin(roomId: string, userIds: string[], now: string): Promise<string[]> {
    if (userIds.length === 0) return [];
    const rejoined = await this.db
      .updateTable('chat_room_members')
      .set({ left_at: null, joined_at: now })
      .where('room_id', '=', roomId)
      .where('user_id', 'in', userIds)
      .where('left_at', 'is not', null)
      .returning('user_id')
      .execute();
    return rejoined.map((r) => r.user_id);
  }

  async leave(roomId: string, userId: string, now: string): Promise<void> {
    await this.db.updateTable('chat_room_members').set({ left_at: now }).where('room_id', '=', roomId).where('user_id', '=', userId).execute();
  }

  async markRead(roomId: string, userId: string, now: string): Promise<void> {
    await this.db.updateTable('chat_room_members').set({ last_read_at: now }).where('room_id', '=', roomId).where('user_id', '=', userId).execute();
  }

  async countRooms(userId: string): Promise<number> {
    const row = await this.db.selectFrom('chat_room_members as m').innerJoin('chat_rooms as r', 'r.id', 'm.room_id')
      .select(sql<number>`count(*)`.as('n'))
      .where('m.user_id', '=', userId).where('m.left_at', 'is', null)
      .where((eb) => eb.not(roomBlockedFor(eb, userId)))
      .where((eb) => roomListedFor(eb, userId))
      .where((eb) => requestListedFor(eb, userId))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * A page of a member's rooms, most recent activity first, with unread counts and latest message
   * ids; rooms hidden by a block are left out, and so are (in the list, not by id) empty rooms
   * the other member opened (see `roomListedFor`).
   */
  async listRooms(userId: string, limit: number, offset: number, roomId?: string): Promise<RoomForMember[]> {
    let query = this.db
      .selectFrom('chat_room_members as m')
      .innerJoin('chat_rooms as r', 'r.id', 'm.room_id')
      .leftJoin('chat_room_members as other', (join) => join.onRef('other.room_id', '=', 'm.room_id').on('other.user_id', '!=', userId))
      .where('m.user_id', '=', userId)
      .where('m.left_at', 'is', null)
      .where((eb) => eb.not(roomBlockedFor(eb, userId)))
      .select((eb) => [
        'r.id', 'm.name', 'r.last_activity', 'm.last_read_at', 'r.request_from', 'r.request_status', 'r.declined_at',
        'other.user_id as other_id', 'other.last_read_at as other_last_read_at', unmatchedWith(eb, userId, 'other.user_id').as('unmatched'),
        eb.selectFrom('chat_messages as cm')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('cm.room_id', '=', 'r.id')
          .where('cm.user_id', '!=', userId)
          .where('cm.status', '=', 'sent')
          .where((w) => w.or([w('m.last_read_at', 'is', null), w('cm.created_at', '>', w.ref('m.last_read_at'))]))
          .as('unread_count'),
        eb.selectFrom('chat_messages as lm')
          .select('lm.id')
          .whereRef('lm.room_id', '=', 'r.id')
          .where((w) => visibleMessage(w, 'lm', userId))
          .orderBy('lm.created_at', 'desc')
          .orderBy('lm.id', 'desc')
          .limit(1)
          .as('latest_message_id'),
      ])
      .orderBy('r.last_activity', 'desc')
      .orderBy('r.id', 'desc')
      .limit(limit)
      .offset(offset);
    // One room by id (the member opened it or was sent its link): listed or not. The list: listed only.
    query = roomId ? query.where('r.id', '=', roomId) : query.where((eb) => roomListedFor(eb, userId)).where((eb) => requestListedFor(eb, userId));
    const rows = await query.execute();
    return rows.map((r) => ({
      ...r, unread_count: Number(r.unread_count ?? 0), latest_message_id: r.latest_message_id ?? null,
      other_id: r.other_id ?? null, other_last_read_at: r.other_last_read_at ?? null, unmatched: toBool(r.unmatched as boolean | number),
    }));
  }

  findMessagesByIds(ids: string[]): Promise<ChatMessageRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('chat_messages').selectAll().where('id', 'in', ids).execute();
  }

  findMessage(id: string): Promise<ChatMessageRow | undefined> {
    return this.db.selectFrom('chat_messages').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByClientId(userId: string, clientId: string): Promise<ChatMessageRow | undefined> {
    return this.db.selectFrom('chat_messages').selectAll().where('user_id', '=', userId).where('client_id', '=', clientId).executeTakeFirst();
  }

  /** The messages of a room `viewerId` may see (held ones only by their author); all of them without a viewer. */
  async countMessages(roomId: string, viewerId?: string): Promise<number> {
    const row = await this.db.selectFrom('chat_messages as cm').select(sql<number>`count(*)`.as('n')).where('cm.room_id', '=', roomId)
      .$if(viewerId !== undefined, (q) => q.where((eb) => visibleMessage(eb, 'cm', viewerId!))).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Newest first (spec §7); held messages only for their author. */
  listMessages(roomId: string, viewerId: string, limit: number, offset: number): Promise<ChatMessageRow[]> {
    return this.db.selectFrom('chat_messages as cm').selectAll('cm').where('cm.room_id', '=', roomId)
      .where((eb) => visibleMessage(eb, 'cm', viewerId))
      .orderBy('cm.created_at', 'desc').orderBy('cm.id', 'desc').limit(limit).offset(offset).execute();
  }

  /**
   * Stores a message, touches the room, marks it read for its author and brings back members who
   * left, all in one transaction. Resolves after the commit: true, or false when the author's
   * client id was stored before (a retried send; nothing was written).
   */
  storeMessage(row: MessageValues, anyoneLeft: boolean): Promise<boolean> {
    return this.#messages.store(row, anyoneLeft);
  }

  /** An edit: the new text and its flags (issue 29: classified again). */
  async updateMessage(id: string, message: string, now: string, flags: string): Promise<void> {
    await this.db.updateTable('chat_messages').set({ message, flags, is_edited: true, updated_at: now }).where('id', '=', id).execute();
  }

  /** Deletes a message; a mark (when it was written and deleted, never its text) stays for reports' evidence (issue 29). */
  async deleteMessage(id: string, now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('chat_messages').select(['id', 'room_id', 'user_id', 'created_at']).where('id', '=', id).executeTakeFirst();
      if (!row) return;
      await trx.insertInto('chat_message_deletions').values({ ...row, deleted_at: now }).onConflict((oc) => oc.column('id').doNothing()).execute();
      await trx.deleteFrom('chat_messages').where('id', '=', id).execute();
    });
  }

  /**
   * The room `roomId` as its member `userId` sees the pair (issue 29), left or not: the other
   * member, the pair's match while it is on, and whether they are blocked either way or unmatched.
   */
  async pairOfRoom(roomId: string, userId: string): Promise<{
    id: string; name: string; last_activity: string; member_id: string | null; match_id: string | null; blocked: boolean; unmatched: boolean;
  } | undefined> {
    const row = await this.db
      .selectFrom('chat_room_members as m')
      .innerJoin('chat_rooms as r', 'r.id', 'm.room_id')
      .leftJoin('chat_room_members as other', (join) => join.onRef('other.room_id', '=', 'm.room_id').on('other.user_id', '!=', userId))
      .leftJoin('matches as pm', (join) => join.onRef('pm.pair_key', '=', 'r.pair_key').on('pm.unmatched_at', 'is', null))
      .select((eb) => [
        'r.id', 'm.name', 'r.last_activity', 'other.user_id as member_id', 'pm.id as match_id',
        blockedEitherWay(eb, userId, 'other.user_id').as('blocked'), unmatchedWith(eb, userId, 'other.user_id').as('unmatched'),
      ])
      .where('m.room_id', '=', roomId)
      .where('m.user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id, name: row.name, last_activity: row.last_activity, member_id: row.member_id ?? null, match_id: row.match_id ?? null,
      blocked: toBool(row.blocked as boolean | number), unmatched: toBool(row.unmatched as boolean | number),
    };
  }

  /** A room that went with the other member's account, as its remaining member `userId` had it (issue 29). */
  departedRoom(roomId: string, userId: string): Promise<{ id: string; name: string; last_activity: string; member_id: string } | undefined> {
    return this.db.selectFrom('departed_contacts')
      .select(['room_id', 'room_name', 'created_at', 'departed_id'])
      .where('member_id', '=', userId).where('room_id', '=', roomId)
      .executeTakeFirst()
      .then((r) => (r ? { id: roomId, name: r.room_name ?? '', last_activity: r.created_at, member_id: r.departed_id } : undefined));
  }

  /**
   * Members whose name contains the text (case-insensitive), never the asker, anyone blocked either
   * way or unmatched, nor anyone hidden from discover — unless the two already have a match or a
   * conversation (a room they are both in), so a hidden member is found only by who knows them.
   */
  async searchUsers(userId: string, text: string, limit: number, offset: number) {
    const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const base = this.db
      .selectFrom('users')
      .where('id', '!=', userId)
      .where(sql<boolean>`lower(name) like ${pattern} escape '\\'`)
      .where((eb) => whereNotBlocked(eb, userId, 'users.id'))
      .where((eb) => whereNotRestricted(eb, 'users.id', isoNow(this.clock)))
      .where((eb) => eb.not(unmatchedWith(eb, userId, 'users.id')))
      .where((eb) => eb.or([
        eb.not(eb.exists(
          eb.selectFrom('user_settings as st').select('st.user_id').whereRef('st.user_id', '=', 'users.id').where('st.hide_from_discover', '=', true),
        )),
        eb.exists(
          eb.selectFrom('matches as m').select('m.id').where('m.unmatched_at', 'is', null).where((w) => w.or([
            w.and([w('m.user_a', '=', userId), w('m.user_b', '=', w.ref('users.id'))]),
            w.and([w('m.user_b', '=', userId), w('m.user_a', '=', w.ref('users.id'))]),
          ])),
        ),
        eb.exists(
          eb.selectFrom('chat_room_members as mine')
            .innerJoin('chat_room_members as theirs', 'theirs.room_id', 'mine.room_id')
            .select('mine.room_id')
            .where('mine.user_id', '=', userId)
            .whereRef('theirs.user_id', '=', 'users.id'),
        ),
      ]));
    const [rows, total] = await Promise.all([
      base.select(['id']).orderBy('name').orderBy('id').limit(limit).offset(offset).execute(),
      base.select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  }

  findUser(id: string) {
    return this.db.selectFrom('users').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  }

  /** A member someone wants to chat with: name, blocked either way with `userId` or unmatched, "who may message me". */
  async findPartner(userId: string, otherId: string): Promise<ChatPartner | undefined> {
    const row = await this.db
      .selectFrom('users as u')
      .leftJoin('user_settings as s', 's.user_id', 'u.id')
      .select((eb) => [
        'u.id', 'u.name', 's.message_policy', blockedEitherWay(eb, userId, 'u.id').as('blocked'), unmatchedWith(eb, userId, 'u.id').as('unmatched'),
      ])
      .where('u.id', '=', otherId)
      .executeTakeFirst();
    return row
      ? {
          id: row.id, name: row.name, blocked: toBool(row.blocked as boolean | number), unmatched: toBool(row.unmatched as boolean | number),
          message_policy: messagePolicyOf(row.message_policy),
        }
      : undefined;
  }

  /** Whether the two members have a match that is still on. */
  async isMatched(a: string, b: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('matches')
      .select('id')
      .where('pair_key', '=', pairKey(a, b))
      .where('unmatched_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }
}

/**
 * The writes of a first message, inside its transaction (`ChatRepository.transaction`): the
 * room's request as it is now, the sender's unanswered first messages, and the message stored
 * with the room's new request — only if the request is still what the sender's checks saw.
 */
export class FirstMessageWrites {
  constructor(private readonly trx: Kysely<Database>) {}

  request(roomId: string): Promise<RoomRequest | undefined> {
    return this.trx.selectFrom('chat_rooms').select(['request_from', 'request_status', 'declined_at']).where('id', '=', roomId).executeTakeFirst();
  }

  /** First messages of the member since `since` that nobody answered (held, pending or declined requests). */
  async unansweredSince(userId: string, since: string): Promise<number> {
    const row = await this.trx.selectFrom('chat_rooms').select(sql<number>`count(*)`.as('n'))
      .where('request_from', '=', userId).where('requested_at', '>=', since).where('request_status', 'in', ['held', 'pending', 'declined'])
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * Stores the message (see `storeMessage`) and makes the room a request from its author, held or
   * pending, only if the room's request is still `seen`. Answers 'stored', 'duplicate' (the client
   * id was stored before: nothing written) or 'changed' (another first message came first).
   */
  async storeFirst(row: MessageValues, anyoneLeft: boolean, seen: RoomRequest, requestedAt: string): Promise<'stored' | 'duplicate' | 'changed'> {
    const status: RequestStatus = row.status === 'held' ? 'held' : 'pending';
    let update = this.trx.updateTable('chat_rooms')
      .set({ request_from: row.user_id, request_status: status, requested_at: requestedAt, declined_at: null })
      .where('id', '=', row.room_id);
    update = seen.request_status === null ? update.where('request_status', 'is', null) : update.where('request_status', '=', seen.request_status);
    update = seen.request_from === null ? update.where('request_from', 'is', null) : update.where('request_from', '=', seen.request_from);
    const claimed = await update.executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return 'changed';
    return (await writeMessage(this.trx, row, anyoneLeft)) ? 'stored' : 'duplicate';
  }

  /** The recipient's reply accepts the request: true when it was pending from the other member. */
  async acceptByReply(roomId: string, recipientId: string): Promise<boolean> {
    const result = await this.trx.updateTable('chat_rooms').set({ request_status: 'accepted' })
      .where('id', '=', roomId).where('request_status', '=', 'pending').where('request_from', '!=', recipientId).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  storeMessage(row: MessageValues, anyoneLeft: boolean): Promise<boolean> {
    return writeMessage(this.trx, row, anyoneLeft);
  }
}
