import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { preparedQuery, watchRowChanges, type RowWatch } from '../../db/database';
import { toBool, type ChatMemberRow, type ChatMessageRow, type Database, type MessagePolicy } from '../../db/schema';
import { newId } from '../../lib/ids';
import { blockedEitherWay, unmatchedWith, whereNotBlocked } from '../shared/blocks.repository';
import { pairKey } from '../../lib/pair-key';
import { messagePolicyOf } from '../shared/privacy';
import type { ChatPartner, Membership } from './chat.policy';

export interface RoomForMember {
  id: string;
  name: string;
  last_activity: string;
  last_read_at: string | null;
  unread_count: number;
  latest_message_id: string | null;
}

/** A member of a room as another member sees them before sending (see `membersAs`). */
export type RoomMemberAs = Pick<Membership, 'room_id' | 'user_id' | 'left_at' | 'blocked'> & {
  member_name: string; message_policy: MessagePolicy; room_created_by: string | null;
};

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
    eb.exists(eb.selectFrom('chat_messages as any_message').select('any_message.id').where('any_message.room_id', '=', sql.ref<string>('r.id'))),
    eb.exists(
      eb.selectFrom('matches as pair_match').select('pair_match.id')
        .where('pair_match.pair_key', '=', sql.ref<string>('r.pair_key'))
        .where('pair_match.unmatched_at', 'is', null),
    ),
  ]);
}

// The send path's queries, compiled once (see `preparedQuery`): they run for every message.

const membersAsQuery = preparedQuery<{ roomId: string; userId: string }, Pick<ChatMemberRow, 'room_id' | 'user_id' | 'left_at'> & {
  member_name: string; room_created_by: string | null; message_policy: string | null; blocked: unknown;
}>((db, param) => db
  .selectFrom('chat_room_members as m')
  .innerJoin('chat_rooms as r', 'r.id', 'm.room_id')
  .innerJoin('users as u', 'u.id', 'm.user_id')
  .leftJoin('user_settings as s', 's.user_id', 'm.user_id')
  .select((eb) => [
    'm.room_id', 'm.user_id', 'm.left_at', 'u.name as member_name', 'r.created_by as room_created_by', 's.message_policy',
    blockedEitherWay(eb, param('userId'), 'm.user_id').as('blocked'),
  ])
  .where('m.room_id', '=', param('roomId')));

/** The rows `membersAs` reads, and whether a change concerns a room or a member. */
const MEMBERS_AS_ROWS: RowWatch<'room' | 'member'>[] = [
  { table: 'chat_room_members', inserts: true, columns: ['room_id', 'user_id', 'left_at'], report: { room_id: 'room' } },
  { table: 'chat_rooms', columns: ['id', 'created_by'], report: { id: 'room' } },
  { table: 'users', columns: ['id', 'name'], report: { id: 'member' } },
  { table: 'user_settings', inserts: true, columns: ['user_id', 'message_policy'], report: { user_id: 'member' } },
  { table: 'user_blocks', inserts: true, report: { blocker_id: 'member', blocked_id: 'member' } },
];
const ROOMS_REMEMBERED = 10_000;

/**
 * The members of rooms as their senders deal with them, kept between sends (a conversation reads
 * the same room again and again). Only where every change reaches it: one process on SQLite,
 * whose row-change triggers make it forget a room the moment a member joins, leaves or is removed
 * or the room changes, and every room of a member whose name or "who may message me" setting
 * changes or who blocks or is blocked. A read that raced with any change is not kept.
 */
class RoomMembersCache {
  readonly #entries = new Map<string, { members: readonly RoomMemberAs[]; ids: string[] }>();
  /** Entry keys by room id and by member id (a sender included). */
  readonly #keysOf = new Map<string, Set<string>>();
  #changes = 0;

  async get(roomId: string, userId: string, read: () => Promise<RoomMemberAs[]>): Promise<readonly RoomMemberAs[]> {
    const key = `${roomId} ${userId}`;
    const known = this.#entries.get(key);
    if (known) return known.members;
    const changes = this.#changes;
    const members = Object.freeze((await read()).map((m) => Object.freeze(m)));
    if (changes === this.#changes) {
      if (this.#entries.size >= ROOMS_REMEMBERED) this.#delete(this.#entries.keys().next().value!);
      const ids = [...new Set([roomId, userId, ...members.map((m) => m.user_id)])];
      this.#entries.set(key, { members, ids });
      for (const id of ids) this.#keysOf.set(id, (this.#keysOf.get(id) ?? new Set<string>()).add(key));
    }
    return members;
  }

  /** Forgets every entry of a room, or every entry a member appears in. */
  forget(id: string): void {
    this.#changes++;
    for (const key of this.#keysOf.get(id) ?? []) this.#delete(key);
  }

  #delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    for (const id of entry.ids) {
      const keys = this.#keysOf.get(id);
      keys?.delete(key);
      if (keys?.size === 0) this.#keysOf.delete(id);
    }
  }
}

/** `flags`: the classifier's (issue 29), '' when not given. */
type MessageValues = Omit<ChatMessageRow, 'is_edited' | 'flags'> & { flags?: string };

/** A retried send (same author and client id) inserts nothing: the first one stays. */
const insertMessageQuery = preparedQuery<MessageValues & { flags: string }, never>((db, param) => db
  .insertInto('chat_messages')
  .values({
    id: param('id'), room_id: param('room_id'), user_id: param('user_id'), message: param('message'), type: param('type'),
    is_edited: false, client_id: param('client_id'), created_at: param('created_at'), updated_at: param('updated_at'),
    flags: param('flags'),
  })
  .onConflict((oc) => oc.columns(['user_id', 'client_id']).doNothing()));

const touchRoomQuery = preparedQuery<{ roomId: string; at: string }, never>((db, param) => db
  .updateTable('chat_rooms').set({ last_activity: param('at') }).where('id', '=', param('roomId')));

const markReadQuery = preparedQuery<{ roomId: string; userId: string; at: string }, never>((db, param) => db
  .updateTable('chat_room_members').set({ last_read_at: param('at') })
  .where('room_id', '=', param('roomId')).where('user_id', '=', param('userId')));

const rejoinAllQuery = preparedQuery<{ roomId: string; at: string }, never>((db, param) => db
  .updateTable('chat_room_members').set({ left_at: null, joined_at: param('at') })
  .where('room_id', '=', param('roomId')).where('left_at', 'is not', null));

/** Stores one message with its side effects inside `trx`; false when its client id was stored before. */
async function writeMessage(trx: Kysely<Database>, row: MessageValues, anyoneLeft: boolean): Promise<boolean> {
  const inserted = await insertMessageQuery(trx, { ...row, flags: row.flags ?? '' });
  if (!inserted.numAffectedRows) return false;
  await touchRoomQuery(trx, { roomId: row.room_id, at: row.created_at });
  await markReadQuery(trx, { roomId: row.room_id, userId: row.user_id, at: row.created_at });
  if (anyoneLeft) await rejoinAllQuery(trx, { roomId: row.room_id, at: row.created_at });
  return true;
}

interface PendingMessage {
  row: MessageValues;
  anyoneLeft: boolean;
  resolve: (stored: boolean) => void;
  reject: (error: unknown) => void;
}

/** Most messages committed together in one transaction. */
const MAX_GROUP_COMMIT = 64;

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
  readonly #pending: PendingMessage[] = [];
  /** A commit is scheduled or running; messages arriving meanwhile wait for the next group. */
  #committing = false;

  readonly #members: RoomMembersCache | undefined;

  constructor(private readonly db: Kysely<Database>, private readonly options: ChatRepositoryOptions = {}) {
    const cache = new RoomMembersCache();
    this.#members = options.rememberMembers && watchRowChanges(db, MEMBERS_AS_ROWS, (_kind, id) => cache.forget(id)) ? cache : undefined;
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
    const read = async () => (await membersAsQuery(this.db, { roomId, userId })).rows.map(({ message_policy, blocked, ...row }) => ({
      ...row, blocked: toBool(blocked as boolean | number), message_policy: messagePolicyOf(message_policy),
    }));
    return this.#members ? this.#members.get(roomId, userId, read) : read();
  }

  findRoomIdByPair(pairKey: string): Promise<string | undefined> {
    return this.db.selectFrom('chat_rooms').select('id').where('pair_key', '=', pairKey).executeTakeFirst().then((r) => r?.id);
  }

  findRoomByPair(pairKey: string): Promise<{ id: string; created_by: string | null } | undefined> {
    return this.db.selectFrom('chat_rooms').select(['id', 'created_by']).where('pair_key', '=', pairKey).executeTakeFirst();
  }

  async createRoom(input: {
    pairKey: string; createdBy: string; now: string;
    members: { userId: string; name: string }[];
  }): Promise<string> {
    const id = newId();
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('chat_rooms').values({ id, pair_key: input.pairKey, created_by: input.createdBy, created_at: input.now, last_activity: input.now }).execute();
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
      .where('m.user_id', '=', userId)
      .where('m.left_at', 'is', null)
      .where((eb) => eb.not(roomBlockedFor(eb, userId)))
      .select((eb) => [
        'r.id', 'm.name', 'r.last_activity', 'm.last_read_at',
        eb.selectFrom('chat_messages as cm')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('cm.room_id', '=', 'r.id')
          .where('cm.user_id', '!=', userId)
          .where((w) => w.or([w('m.last_read_at', 'is', null), w('cm.created_at', '>', w.ref('m.last_read_at'))]))
          .as('unread_count'),
        eb.selectFrom('chat_messages as lm')
          .select('lm.id')
          .whereRef('lm.room_id', '=', 'r.id')
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
    query = roomId ? query.where('r.id', '=', roomId) : query.where((eb) => roomListedFor(eb, userId));
    const rows = await query.execute();
    return rows.map((r) => ({ ...r, unread_count: Number(r.unread_count ?? 0), latest_message_id: r.latest_message_id ?? null }));
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

  async countMessages(roomId: string): Promise<number> {
    const row = await this.db.selectFrom('chat_messages').select(sql<number>`count(*)`.as('n')).where('room_id', '=', roomId).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Newest first (spec §7). */
  listMessages(roomId: string, limit: number, offset: number): Promise<ChatMessageRow[]> {
    return this.db.selectFrom('chat_messages').selectAll().where('room_id', '=', roomId)
      .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
  }

  /**
   * Stores a message, touches the room, marks it read for its author and brings back members who
   * left, all in one transaction. Resolves after the commit: true, or false when the author's
   * client id was stored before (a retried send; nothing was written).
   */
  storeMessage(row: MessageValues, anyoneLeft: boolean): Promise<boolean> {
    if (!this.options.groupCommits) return this.db.transaction().execute((trx) => writeMessage(trx, row, anyoneLeft));
    return new Promise((resolve, reject) => {
      this.#pending.push({ row, anyoneLeft, resolve, reject });
      this.#scheduleCommit();
    });
  }

  /** Sends read from the network in this turn of the event loop all reach `storeMessage` before it ends. */
  #scheduleCommit(): void {
    if (this.#committing) return;
    this.#committing = true;
    setImmediate(() => void this.#commitPending());
  }

  /** Group commit: the messages waiting go in one transaction, each answered once it is committed. */
  async #commitPending(): Promise<void> {
    try {
      while (this.#pending.length > 0) await this.#commitGroup(this.#pending.splice(0, MAX_GROUP_COMMIT));
    } finally {
      this.#committing = false;
      // A message that arrived after the last look at the queue (its answer was not yet read).
      if (this.#pending.length > 0) this.#scheduleCommit();
    }
  }

  async #commitGroup(group: PendingMessage[]): Promise<void> {
    let stored: boolean[];
    try {
      stored = await this.db.transaction().execute(async (trx) => {
        const results: boolean[] = [];
        for (const { row, anyoneLeft } of group) results.push(await writeMessage(trx, row, anyoneLeft));
        return results;
      });
    } catch {
      // One message failed (say its room was deleted meanwhile) and rolled back the group: the
      // others must not share its fate, so each goes again on its own.
      for (const message of group) {
        await this.db.transaction().execute((trx) => writeMessage(trx, message.row, message.anyoneLeft)).then(message.resolve, message.reject);
      }
      return;
    }
    group.forEach((message, i) => message.resolve(stored[i]!));
  }

  /** An edit: the new text and its flags (issue 29: classified again). */
  async updateMessage(id: string, message: string, now: string, flags: string): Promise<void> {
    await this.db.updateTable('chat_messages').set({ message, flags, is_edited: true, updated_at: now }).where('id', '=', id).execute();
  }

  async deleteMessage(id: string): Promise<void> {
    await this.db.deleteFrom('chat_messages').where('id', '=', id).execute();
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
      base.select(['id', 'name', 'email']).orderBy('name').orderBy('id').limit(limit).offset(offset).execute(),
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
