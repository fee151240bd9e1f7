import { sql, type Kysely } from 'kysely';
import type { ChatMemberRow, ChatMessageRow, Database } from '../../db/schema';
import { newId } from '../../lib/ids';

export interface RoomForMember {
  id: string;
  name: string;
  last_activity: string;
  last_read_at: string | null;
  unread_count: number;
  latest_message_id: string | null;
}

/** All chat SQL: rooms, memberships and messages. */
export class ChatRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The membership of a member in a room, left or not. */
  findMembership(roomId: string, userId: string): Promise<ChatMemberRow | undefined> {
    return this.db.selectFrom('chat_room_members').selectAll().where('room_id', '=', roomId).where('user_id', '=', userId).executeTakeFirst();
  }

  members(roomId: string): Promise<ChatMemberRow[]> {
    return this.db.selectFrom('chat_room_members').selectAll().where('room_id', '=', roomId).execute();
  }

  findRoomIdByPair(pairKey: string): Promise<string | undefined> {
    return this.db.selectFrom('chat_rooms').select('id').where('pair_key', '=', pairKey).executeTakeFirst().then((r) => r?.id);
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
    const row = await this.db.selectFrom('chat_room_members').select(sql<number>`count(*)`.as('n'))
      .where('user_id', '=', userId).where('left_at', 'is', null).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** A page of a member's rooms, most recent activity first, with unread counts and latest message ids. */
  async listRooms(userId: string, limit: number, offset: number, roomId?: string): Promise<RoomForMember[]> {
    let query = this.db
      .selectFrom('chat_room_members as m')
      .innerJoin('chat_rooms as r', 'r.id', 'm.room_id')
      .where('m.user_id', '=', userId)
      .where('m.left_at', 'is', null)
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
    if (roomId) query = query.where('r.id', '=', roomId);
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

  /** Stores a message, touches the room, marks it read for its author, and brings back members who left. */
  async insertMessage(row: ChatMessageRow, anyoneLeft: boolean): Promise<void> {
    return this.db.transaction().execute(async (trx) => {
      await trx.insertInto('chat_messages').values({ ...row, is_edited: false }).execute();
      await trx.updateTable('chat_rooms').set({ last_activity: row.created_at }).where('id', '=', row.room_id).execute();
      await trx.updateTable('chat_room_members').set({ last_read_at: row.created_at })
        .where('room_id', '=', row.room_id).where('user_id', '=', row.user_id).execute();
      if (anyoneLeft) {
        await trx.updateTable('chat_room_members').set({ left_at: null, joined_at: row.created_at })
          .where('room_id', '=', row.room_id).where('left_at', 'is not', null).execute();
      }
    });
  }

  async updateMessage(id: string, message: string, now: string): Promise<void> {
    await this.db.updateTable('chat_messages').set({ message, is_edited: true, updated_at: now }).where('id', '=', id).execute();
  }

  async deleteMessage(id: string): Promise<void> {
    await this.db.deleteFrom('chat_messages').where('id', '=', id).execute();
  }

  /** Members whose name contains the text (case-insensitive), never the asker. */
  async searchUsers(userId: string, text: string, limit: number, offset: number) {
    const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const base = this.db
      .selectFrom('users')
      .where('id', '!=', userId)
      .where(sql<boolean>`lower(name) like ${pattern} escape '\\'`);
    const [rows, total] = await Promise.all([
      base.select(['id', 'name', 'email']).orderBy('name').orderBy('id').limit(limit).offset(offset).execute(),
      base.select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  }

  findUser(id: string) {
    return this.db.selectFrom('users').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  }
}
