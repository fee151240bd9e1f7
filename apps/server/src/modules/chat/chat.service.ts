import { MESSAGES_CHANNEL, roomChannel, type ChatMessage, type ChatRoom, type SendMessageBody } from '@linkup/contract';
import type { ChatMessageRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { pageOf, type Page } from '../../lib/page';
import { conflict } from '../../lib/http-errors';
import { newId } from '../../lib/ids';
import { nowIso, orderedNowIso } from '../../lib/time';
import type { Realtime } from '../../lib/realtime';
import type { Notifier } from '../shared/notifier';
import type { OnboardingGate } from '../shared/onboarding-gate';
import type { ChatRepository } from './chat.repository';
import { pairKey } from '../../lib/pair-key';
import { chatPolicy } from './chat.policy';
import { presentMessage, presentRoom, presentSearchResult } from './chat.presenter';
import { classifyMessage, storedFlags } from './message-flags';
import { nudgePolicy } from './nudge.policy';


/** A client id is its author's id for one message: reusing it for a message in another room is a conflict. */
export const CLIENT_ID_TAKEN = 'This client_id was already used for a message in another conversation.';

/** The name a member's list shows for a conversation they did not name. */
const roomNameFor = (otherName: string) => `Chat with ${otherName}`;


/**
 * One-to-one chat. Every method opens with the policy check, writes in a transaction, and emits
 * real-time events only after the commit, to the members concerned.
 */
export class ChatService {
  constructor(
    private readonly repo: ChatRepository,
    private readonly realtime: () => Realtime,
    private readonly notifier: Notifier,
    private readonly onboarding: OnboardingGate,
    /** Where a phone number without a country code in a message is read (issue 29's classifier). */
    private readonly phoneRegion: string = 'ZA',
  ) {}

  async listRooms(userId: string, page: number, perPage: number): Promise<Page<ChatRoom>> {
    const [total, rooms] = await Promise.all([
      this.repo.countRooms(userId),
      this.repo.listRooms(userId, perPage, (page - 1) * perPage),
    ]);
    const latest = await this.repo.findMessagesByIds(rooms.flatMap((r) => (r.latest_message_id ? [r.latest_message_id] : [])));
    const byId = new Map(latest.map((m) => [m.id, m]));
    return pageOf(rooms.map((r) => presentRoom(r, r.latest_message_id ? byId.get(r.latest_message_id) : undefined, userId)), total, page, perPage);
  }

  async getRoom(userId: string, roomId: string): Promise<ChatRoom> {
    chatPolicy.assertMember(await this.repo.findMembership(roomId, userId));
    const [room] = await this.repo.listRooms(userId, 1, 0, roomId);
    if (!room) chatPolicy.assertMember(undefined);
    const [latest] = room!.latest_message_id ? await this.repo.findMessagesByIds([room!.latest_message_id]) : [];
    return presentRoom(room!, latest, userId);
  }

  /**
   * The room of this pair: the existing one (rejoined if left) or a new one. Not with a member
   * blocked either way, nor after an unmatch (404), nor with one who accepts messages only from
   * matches unless matched or they started this conversation themselves (422).
   */
  async openRoom(user: { id: string; name: string }, otherId: string, name: string | undefined): Promise<{ room: ChatRoom; created: boolean }> {
    const other = await this.repo.findPartner(user.id, otherId);
    chatPolicy.assertCanStartChat(user.id, other);
    const existing = await this.repo.findRoomByPair(pairKey(user.id, other.id));
    if (other.message_policy === 'matches') {
      chatPolicy.assertAcceptsMessages(other, existing?.created_by === other.id || (await this.repo.isMatched(user.id, other.id)));
    }
    const { roomId, created } = await this.roomOfPair(user, other, [user.id], name);
    return { room: await this.getRoom(user.id, roomId), created };
  }

  /**
   * The room of a new match (the matches module calls this once the match is stored): the pair's
   * room, created or with both members back in it. Answers its id.
   */
  async openMatchRoom(actor: { id: string; name: string }, other: { id: string; name: string }): Promise<string> {
    return (await this.roomOfPair(actor, other, [actor.id, other.id])).roomId;
  }

  /**
   * Creates the pair's room with both as members, or (when it exists) brings `rejoining` back
   * into it. Of two members opening it at the same moment, one creates it and the other uses it.
   */
  private async roomOfPair(
    creator: { id: string; name: string }, other: { id: string; name: string }, rejoining: string[], name?: string,
  ): Promise<{ roomId: string; created: boolean }> {
    const key = pairKey(creator.id, other.id);
    const existing = await this.repo.findRoomIdByPair(key);
    const now = nowIso();
    if (existing) {
      const rejoined = await this.repo.rejoin(existing, rejoining, now);
      const channel = roomChannel(existing);
      for (const id of rejoined) this.realtime().toChannel(channel, 'user.joined', { channel, user_id: id });
      return { roomId: existing, created: false };
    }
    try {
      const roomId = await this.repo.createRoom({
        pairKey: key, createdBy: creator.id, now,
        members: [
          { userId: creator.id, name: name ?? roomNameFor(other.name) },
          { userId: other.id, name: roomNameFor(creator.name) },
        ],
      });
      return { roomId, created: true };
    } catch (error) {
      // The other member opened the same room at the same moment: use theirs.
      if (!isUniqueViolation(error)) throw error;
      const roomId = await this.repo.findRoomIdByPair(key);
      if (!roomId) throw error;
      return { roomId, created: false };
    }
  }

  async listMessages(userId: string, roomId: string, page: number, perPage: number): Promise<Page<ChatMessage>> {
    chatPolicy.assertMember(await this.repo.findMembership(roomId, userId));
    const [total, rows] = await Promise.all([this.repo.countMessages(roomId), this.repo.listMessages(roomId, perPage, (page - 1) * perPage)]);
    return pageOf(rows.map((row) => presentMessage(row, userId)), total, page, perPage);
  }

  /**
   * Stores a message once per client id; acknowledged only after the commit. Refused (404) while
   * the other member and the sender are blocked either way, and (422) to a member who accepts
   * messages only from matches, unless matched or they started the conversation. `exceptSocket`:
   * the socket that sent it over `message.send`, which gets the message in its ack and not again
   * as events (the sender's other devices do get them).
   */
  async send(userId: string, body: SendMessageBody, { exceptSocket }: { exceptSocket?: string } = {}): Promise<{ message: ChatMessage; created: boolean }> {
    await this.onboarding.assertOnboarded(userId);
    // One read serves the policy checks and the fan-out after the commit.
    const members = await this.repo.membersAs(body.chat_room_id, userId);
    const me = members.find((m) => m.user_id === userId);
    const others = members.filter((m) => m.user_id !== userId);
    chatPolicy.assertMember(me && { ...me, blocked: others.some((m) => m.blocked) });
    for (const other of others) {
      if (other.message_policy !== 'matches') continue;
      chatPolicy.assertAcceptsMessages(
        { name: other.member_name, message_policy: other.message_policy },
        other.room_created_by === other.user_id || (await this.repo.isMatched(userId, other.user_id)),
      );
    }
    // Issue 29: classified once, stored; a message that may be hurtful goes only once confirmed.
    const flags = classifyMessage(body.message, this.phoneRegion);
    nudgePolicy.assertConfirmed(flags, body.confirm);
    const now = orderedNowIso();
    const row: ChatMessageRow = {
      id: newId(), room_id: body.chat_room_id, user_id: userId, message: body.message, type: body.type,
      is_edited: false, client_id: body.client_id ?? null, created_at: now, updated_at: now, flags: storedFlags(flags),
    };
    if (!(await this.repo.storeMessage(row, members.some((m) => m.left_at)))) {
      // A retried send (same client id): answer with the message stored the first time.
      const existing = await this.repo.findByClientId(userId, body.client_id!);
      if (existing && existing.room_id === body.chat_room_id) return { message: presentMessage(existing, userId), created: false };
      throw conflict(CLIENT_ID_TAKEN, 'client_id_taken');
    }
    const message = presentMessage(row, userId);
    this.emitSent(row, members.map((m) => m.user_id), exceptSocket);
    // Not awaited: asking every process which sockets follow the room must not slow the send.
    const recipients = others.filter((m) => !m.blocked).map((m) => m.user_id);
    void this.notifyMessage(recipients, userId, row);
    return { message, created: true };
  }

  /**
   * `message.sent` to the room's channel and `NewMessage` to its members, after the commit; not to
   * `exceptSocket` (its ack carries the message). A flagged message goes as two copies (issue 29):
   * the recipients' with its flags, its author's without.
   */
  private emitSent(row: ChatMessageRow, memberIds: string[], exceptSocket: string | undefined): void {
    const channel = roomChannel(row.room_id);
    const rt = this.realtime();
    const others = memberIds.filter((id) => id !== row.user_id);
    const copies = row.flags
      ? [{ to: [row.user_id], exceptMembers: others }, { to: others, exceptMembers: [row.user_id] }]
      : [{ to: memberIds, exceptMembers: [] }];
    for (const copy of copies) {
      if (copy.to.length === 0) continue;
      const message = presentMessage(row, copy.to[0]!);
      const options = { except: exceptSocket, exceptMembers: copy.exceptMembers };
      rt.toChannel(channel, 'message.sent', { channel, message }, options);
      rt.toMembers(copy.to, 'NewMessage', { channel: MESSAGES_CHANNEL, message, chat_room_id: row.room_id }, options);
    }
  }

  /** A New Message notification to each recipient who does not have the room open on any socket. */
  private async notifyMessage(recipients: string[], senderId: string, row: ChatMessageRow): Promise<void> {
    const channel = roomChannel(row.room_id);
    for (const userId of recipients) {
      const open = await this.realtime().memberFollows(userId, channel).catch(() => false);
      if (open) continue;
      await this.notifier.notify({ userId, type: 'message', actorId: senderId, subjectId: row.room_id, chatRoomId: row.room_id, text: row.message });
    }
  }

  /** Edits a message; classified again (issue 29), so a hurtful edit also asks for `confirm`. */
  async edit(userId: string, messageId: string, text: string, confirm?: boolean): Promise<ChatMessage> {
    const existing = await this.repo.findMessage(messageId);
    chatPolicy.assertAuthor(existing, userId);
    chatPolicy.assertMember(await this.repo.findMembership(existing!.room_id, userId));
    const now = nowIso();
    const flags = classifyMessage(text, this.phoneRegion);
    nudgePolicy.assertConfirmed(flags, confirm);
    await this.repo.updateMessage(messageId, text, now, storedFlags(flags));
    const row: ChatMessageRow = { ...existing!, message: text, is_edited: true, updated_at: now, flags: storedFlags(flags) };
    const message = presentMessage(row, userId);
    const channel = roomChannel(message.chat_room_id);
    // The author's copy without flags, the others' with them (issue 29).
    const members = await this.membersInRoom(message.chat_room_id, userId);
    const others = members.filter((id) => id !== userId);
    const rt = this.realtime();
    rt.toChannelAndMembers(channel, [userId], 'message.updated', { channel, message }, { exceptMembers: others });
    if (others.length > 0) {
      rt.toChannelAndMembers(channel, others, 'message.updated', { channel, message: presentMessage(row, others[0]!) }, { exceptMembers: [userId] });
    }
    return message;
  }

  async remove(userId: string, messageId: string): Promise<void> {
    const existing = await this.repo.findMessage(messageId);
    chatPolicy.assertAuthor(existing, userId);
    chatPolicy.assertMember(await this.repo.findMembership(existing!.room_id, userId));
    await this.repo.deleteMessage(messageId);
    const channel = roomChannel(existing!.room_id);
    const members = await this.membersInRoom(existing!.room_id, userId);
    this.realtime().toChannelAndMembers(channel, members, 'message.deleted', { channel, id: messageId, chat_room_id: existing!.room_id });
  }

  /**
   * Who still has the room in their list, as `userId` (its author, who passed the checks) sees
   * it: an edit or deletion reaches their conversation lists and unread counts as well as the
   * open chat, wherever they are in the app.
   */
  private async membersInRoom(roomId: string, userId: string): Promise<string[]> {
    return (await this.repo.membersAs(roomId, userId)).filter((m) => !m.left_at && !m.blocked).map((m) => m.user_id);
  }

  async markRead(userId: string, roomId: string): Promise<string> {
    chatPolicy.assertMember(await this.repo.findMembership(roomId, userId));
    const now = nowIso();
    await this.repo.markRead(roomId, userId, now);
    const rt = this.realtime();
    for (const member of await this.repo.members(roomId)) {
      rt.toMember(member.user_id, 'MessageRead', { channel: MESSAGES_CHANNEL, chat_room_id: roomId, user_id: userId, read_at: now });
    }
    return now;
  }

  async leave(userId: string, roomId: string): Promise<void> {
    chatPolicy.assertMember(await this.repo.findMembership(roomId, userId));
    await this.depart(roomId, [userId]);
  }

  /**
   * Closes the pair's room (after an unmatch): both members leave it and their sockets leave its
   * channel. It stays closed: `openRoom` refuses the pair until they match again.
   */
  async closePairRoom(a: string, b: string): Promise<void> {
    const room = await this.repo.findRoomByPair(pairKey(a, b));
    if (room) await this.depart(room.id, [a, b]);
  }

  /** Members leave a room: stored, told to the room, and their sockets leave its channel. */
  private async depart(roomId: string, userIds: string[]): Promise<void> {
    const now = nowIso();
    const channel = roomChannel(roomId);
    const rt = this.realtime();
    for (const userId of userIds) {
      await this.repo.leave(roomId, userId, now);
      rt.toChannel(channel, 'user.left', { channel, user_id: userId });
    }
    await rt.removeFromChannel(userIds, channel);
  }

  async searchUsers(userId: string, text: string, page: number, perPage: number) {
    if (!text) return pageOf([], 0, page, perPage);
    const { rows, total } = await this.repo.searchUsers(userId, text, perPage, (page - 1) * perPage);
    return pageOf(rows.map(presentSearchResult), total, page, perPage);
  }

  /** Whether a member may join `chat.room.{id}` (current members only, not while a block hides it). */
  async mayJoinRoom(userId: string, roomId: string): Promise<boolean> {
    const membership = await this.repo.findMembership(roomId, userId);
    return Boolean(membership && !membership.left_at && !membership.blocked);
  }

  /**
   * After a block between `a` and `b` (once it is stored): their sockets leave the pair's room
   * channel, so no event of that room reaches them, and each gets a MessageRead of their own for
   * the room, on which clients refetch their conversation list (the room is gone from it) and
   * drop the room's unread count.
   */
  async hideRoomOfBlockedPair(a: string, b: string): Promise<void> {
    const room = await this.repo.findRoomByPair(pairKey(a, b));
    if (!room) return;
    const channel = roomChannel(room.id);
    const rt = this.realtime();
    const now = nowIso();
    await rt.removeFromChannel([a, b], channel);
    for (const userId of [a, b]) {
      rt.toMember(userId, 'MessageRead', { channel: MESSAGES_CHANNEL, chat_room_id: room.id, user_id: userId, read_at: now });
    }
  }
}
