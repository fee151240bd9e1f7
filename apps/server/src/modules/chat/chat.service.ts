import { MESSAGES_CHANNEL, roomChannel, type ChatMessage, type ChatRequest, type ChatRoom, type SendMessageBody } from '@linkup/contract';
import type { ChatMessageRow } from '../../db/schema';
import { isoNow, orderedIsoNow, type Clock } from '../../lib/clock';
import type { Limiter } from '../../lib/limiter';
import type { MemberSummaries } from '../shared/member-summaries';
import { isUniqueViolation } from '../../db/errors';
import { pageOf, type Page } from '../../lib/page';
import { conflict } from '../../lib/http-errors';
import { newId } from '../../lib/ids';
import type { Realtime } from '../../lib/realtime';
import type { Notifier } from '../shared/notifier';
import type { OnboardingGate } from '../shared/onboarding-gate';
import type { ChatRepository, RoomForMember, RoomMemberAs } from './chat.repository';
import { pairKey } from '../../lib/pair-key';
import { contactPolicy } from '../shared/contact.policy';
import { UNANSWERED_WINDOW_MS, chatPolicy, requestPolicy, type FirstMessageLimits } from './chat.policy';
import { presentEndedRoom, presentMessage, presentRequest, presentRoom } from './chat.presenter';
import { classifyMessage, storedFlags } from './message-flags';
import { nudgePolicy } from './nudge.policy';


/** A client id is its author's id for one message: reusing it for a message in another room is a conflict. */
export const CLIENT_ID_TAKEN = 'This client_id was already used for a message in another conversation.';
/** Two first messages crossed twice in one room (practically never): the member sends again. */
const CHAT_REQUEST_CHANGED = 'This conversation changed while you wrote. Please send your message again.';

/** The name a member's list shows for a conversation they did not name. */
const roomNameFor = (otherName: string) => `Chat with ${otherName}`;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Reports against a member count towards their first-message tier this long. */
const REPORTS_WINDOW_MS = 7 * DAY_MS;

/** What message requests and trust-tiered first messages need (issue 29). */
export interface ChatRequestDeps {
  clock: Clock;
  limiter: Limiter;
  summaries: MemberSummaries;
  limits: FirstMessageLimits;
}

/** A first message's transaction found the room's request changed under it, or its client id stored: rolled back. */
class FirstMessageRolledBack extends Error {
  constructor(readonly reason: 'changed' | 'duplicate') {
    super(reason);
  }
}


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
    private readonly phoneRegion: string,
    private readonly requests: ChatRequestDeps,
  ) {}

  async listRooms(userId: string, page: number, perPage: number): Promise<Page<ChatRoom>> {
    const [total, rooms] = await Promise.all([
      this.repo.countRooms(userId),
      this.repo.listRooms(userId, perPage, (page - 1) * perPage),
    ]);
    const [latest, members] = await Promise.all([
      this.repo.findMessagesByIds(rooms.flatMap((r) => (r.latest_message_id ? [r.latest_message_id] : []))),
      this.membersOf(rooms),
    ]);
    const byId = new Map(latest.map((m) => [m.id, m]));
    const now = this.requests.clock.now();
    return pageOf(rooms.map((r) => presentRoom(
      r, r.latest_message_id ? byId.get(r.latest_message_id) : undefined, userId, this.awaits(r, userId, now), r.other_id ? members.get(r.other_id) : undefined,
    )), total, page, perPage);
  }

  /** The other members of these rooms as lists show them (issue 32: name and photo in the list and the chat's header). */
  private membersOf(rooms: readonly RoomForMember[]) {
    return this.requests.summaries.of([...new Set(rooms.flatMap((r) => (r.other_id ? [r.other_id] : [])))]);
  }

  /** A room by id: a conversation, a request the member sent, or a pending request to them (not one held from them or they declined). */
  async getRoom(userId: string, roomId: string): Promise<ChatRoom> {
    // Issue 29: a pair apart (unmatched, blocked either way) or whose other member deleted their account: ended, never "You left".
    const pair = await this.repo.pairOfRoom(roomId, userId);
    if (pair && contactPolicy.apart(pair)) return presentEndedRoom(pair);
    const departed = pair ? undefined : await this.repo.departedRoom(roomId, userId);
    if (departed) return presentEndedRoom(departed);
    chatPolicy.assertMember(await this.repo.findMembership(roomId, userId));
    const [room] = await this.repo.listRooms(userId, 1, 0, roomId);
    if (!room || !requestPolicy.sees(room, userId)) chatPolicy.assertMember(undefined);
    const [[latest], members] = await Promise.all([
      room!.latest_message_id ? this.repo.findMessagesByIds([room!.latest_message_id]) : [],
      this.membersOf([room!]),
    ]);
    const member = room!.other_id ? members.get(room!.other_id) : undefined;
    const present = presentRoom(room!, latest, userId, this.awaits(room!, userId, this.requests.clock.now()), member);
    return { ...present, ...(pair?.member_id ? { member_id: pair.member_id } : {}), match_id: pair?.match_id ?? null, ended: false };
  }

  /** The member's request in this room waits for the other member (they may send no more). */
  private awaits(room: RoomForMember, userId: string, now: Date): boolean {
    return room.request_from === userId && requestPolicy.step(room, userId, now, false) === 'waits';
  }

  /** Reading a room (messages, read marks, its channel): a current member who sees it (see `getRoom`). */
  private async assertSeesRoom(userId: string, roomId: string): Promise<void> {
    chatPolicy.assertMember(await this.repo.findMembership(roomId, userId));
    const request = await this.repo.findRequest(roomId);
    if (!request || !requestPolicy.sees(request, userId)) chatPolicy.assertMember(undefined);
  }

  /**
   * The room of this pair: the existing one (rejoined if left) or a new one. Not with a member
   * blocked either way, nor after an unmatch (404), nor with one who accepts messages only from
   * matches unless matched or they started this conversation themselves (422). Opening the room
   * makes no request: the first message does. A member who opens the chat with someone whose
   * request was held from them or they declined starts afresh (the request is gone).
   */
  async openRoom(user: { id: string; name: string }, otherId: string, name: string | undefined): Promise<{ room: ChatRoom; created: boolean }> {
    const other = await this.repo.findPartner(user.id, otherId);
    chatPolicy.assertCanStartChat(user.id, other);
    const existing = await this.repo.findRoomByPair(pairKey(user.id, other.id));
    if (other.message_policy !== 'everyone') {
      const theyStarted = existing?.created_by === other.id || existing?.request_from === other.id;
      chatPolicy.assertAcceptsMessages(other, contactPolicy.acceptsMessages(other.message_policy, {
        theyStarted, matched: await this.repo.isMatched(user.id, other.id), senderVerified: await this.isVerified(user.id),
      }));
    }
    if (existing && !requestPolicy.sees(existing, user.id)) await this.repo.clearRequest(existing.id, user.id);
    const { roomId, created } = await this.roomOfPair(user, other, [user.id], name);
    return { room: await this.getRoom(user.id, roomId), created };
  }

  /**
   * The room of a new match (the matches module calls this once the match is stored): the pair's
   * room, created or with both members back in it. Answers its id.
   */
  async openMatchRoom(actor: { id: string; name: string }, other: { id: string; name: string }): Promise<string> {
    const { roomId, created } = await this.roomOfPair(actor, other, [actor.id, other.id], undefined, true);
    // Matched members write directly: a request between them (either way) becomes their conversation.
    if (!created) await this.repo.acceptAsMatch(roomId);
    return roomId;
  }

  /**
   * Creates the pair's room with both as members, or (when it exists) brings `rejoining` back
   * into it. Of two members opening it at the same moment, one creates it and the other uses it.
   */
  private async roomOfPair(
    creator: { id: string; name: string }, other: { id: string; name: string }, rejoining: string[], name?: string, accepted = false,
  ): Promise<{ roomId: string; created: boolean }> {
    const key = pairKey(creator.id, other.id);
    const existing = await this.repo.findRoomIdByPair(key);
    const now = isoNow(this.requests.clock);
    if (existing) {
      const rejoined = await this.repo.rejoin(existing, rejoining, now);
      const channel = roomChannel(existing);
      for (const id of rejoined) this.realtime().toChannel(channel, 'user.joined', { channel, user_id: id });
      return { roomId: existing, created: false };
    }
    try {
      const roomId = await this.repo.createRoom({
        pairKey: key, createdBy: creator.id, now, accepted,
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
    await this.assertSeesRoom(userId, roomId);
    const [total, rows] = await Promise.all([this.repo.countMessages(roomId, userId), this.repo.listMessages(roomId, userId, perPage, (page - 1) * perPage)]);
    return pageOf(rows.map((row) => presentMessage(row, userId)), total, page, perPage);
  }

  /**
   * Stores a message once per client id; acknowledged only after the commit. Refused (404) while
   * the other member and the sender are blocked either way, and (422) to a member who accepts
   * messages only from matches, unless matched or they started the conversation. In a room that
   * is not yet a conversation the message is a first message (see `sendUnaccepted`).
   * `exceptSocket`: the socket that sent it over `message.send`, which gets the message in its ack
   * and not again as events (the sender's other devices do get them).
   */
  async send(userId: string, body: SendMessageBody, { exceptSocket }: { exceptSocket?: string } = {}): Promise<{ message: ChatMessage; created: boolean }> {
    await this.onboarding.assertOnboarded(userId);
    // Issue 29: classified once per send and stored; a message that may be hurtful goes only once confirmed.
    const flags = classifyMessage(body.message, this.phoneRegion);
    nudgePolicy.assertConfirmed(flags, body.confirm);
    this.flagsOfSend.set(body, storedFlags(flags));
    return this.sendAs(userId, body, exceptSocket, true);
  }

  /** Whether the member is photo-verified (issue 31: message policy 'verified', the higher first-message tier). */
  private async isVerified(userId: string): Promise<boolean> {
    return (await this.requests.summaries.of([userId])).get(userId)?.is_verified ?? false;
  }

  /** A send's flags (issue 29), classified once in `send` for every row its attempts build. */
  private readonly flagsOfSend = new WeakMap<SendMessageBody, string>();

  private async sendAs(userId: string, body: SendMessageBody, exceptSocket: string | undefined, mayRetry: boolean): Promise<{ message: ChatMessage; created: boolean }> {
    // One read serves the policy checks and the fan-out after the commit.
    const members = await this.repo.membersAs(body.chat_room_id, userId);
    const me = members.find((m) => m.user_id === userId);
    const others = members.filter((m) => m.user_id !== userId);
    chatPolicy.assertMember(me && { ...me, blocked: others.some((m) => m.blocked) });
    const { request } = me!;
    for (const other of others) {
      if (other.message_policy === 'everyone') continue;
      // As before requests: they started it (opened the room or wrote first), or the two are matched.
      const theyStarted = other.room_created_by === other.user_id || request.request_from === other.user_id;
      chatPolicy.assertAcceptsMessages(
        { name: other.member_name, message_policy: other.message_policy },
        contactPolicy.acceptsMessages(other.message_policy, {
          theyStarted, matched: await this.repo.isMatched(userId, other.user_id), senderVerified: await this.isVerified(userId),
        }),
      );
    }
    if (request.request_status !== 'accepted') {
      const first = await this.sendUnaccepted(userId, body, members, exceptSocket, mayRetry);
      if (first) return first;
    }
    const row = this.messageRow(userId, body, 'sent');
    if (!(await this.repo.storeMessage(row, members.some((m) => m.left_at)))) return this.storedBefore(userId, body);
    return { message: this.deliver(row, members, userId, exceptSocket), created: true };
  }

  /**
   * A message in a room that is not (yet) a conversation, by the room's request (`requestPolicy.step`):
   * matched members' rooms become conversations; the recipient's reply accepts a pending request;
   * a sender whose request waits gets 409 request_pending (a retried send its stored message);
   * a request held from the member or declined by them is 404; otherwise the message is a first
   * message. Answers undefined when the message goes on as a conversation's.
   */
  private async sendUnaccepted(
    userId: string, body: SendMessageBody, members: readonly RoomMemberAs[], exceptSocket: string | undefined, mayRetry: boolean,
  ): Promise<{ message: ChatMessage; created: boolean } | undefined> {
    const roomId = body.chat_room_id;
    const { request } = members.find((m) => m.user_id === userId)!;
    const other = members.find((m) => m.user_id !== userId);
    const matched = other ? await this.repo.isMatched(userId, other.user_id) : false;
    switch (requestPolicy.step(request, userId, this.requests.clock.now(), matched)) {
      case 'open':
        await this.repo.acceptAsMatch(roomId);
        return undefined;
      case 'accepts':
        if (!(await this.repo.acceptRequest(roomId, userId))) return this.retry(userId, body, exceptSocket, mayRetry);
        void this.releaseHeld(request.request_from!);
        return undefined;
      case 'hidden':
        chatPolicy.assertMember(undefined);
        return undefined;
      case 'waits':
        if (body.client_id) {
          const existing = await this.repo.findByClientId(userId, body.client_id);
          if (existing && existing.room_id === roomId) return { message: presentMessage(existing, userId), created: false };
        }
        throw requestPolicy.waiting(other?.member_name);
      case 'first':
        return this.sendFirst(userId, body, members, exceptSocket, mayRetry);
    }
  }

  /**
   * A first message: it opens a request, counted against the member's new conversations a day
   * (`requestPolicy.firstMessageAllowance`) by the limiter in the message's own transaction,
   * before it is stored; held (seen by the sender only) when `requestPolicy.holdsFirstMessage`.
   * The recipient is told quietly (a message_request notification), never with NewMessage.
   */
  private async sendFirst(
    userId: string, body: SendMessageBody, members: readonly RoomMemberAs[], exceptSocket: string | undefined, mayRetry: boolean,
  ): Promise<{ message: ChatMessage; created: boolean }> {
    const { clock, limiter, limits } = this.requests;
    const now = clock.now();
    const trust = await this.repo.senderTrust(userId, new Date(now.getTime() - REPORTS_WINDOW_MS).toISOString());
    const accountAgeMs = trust ? now.getTime() - Date.parse(trust.created_at) : 0;
    // Photo verification does not exist yet: when it does, a verified member's tier is read here.
    const allowance = requestPolicy.firstMessageAllowance({ accountAgeMs, reportsLast7Days: trust?.reporters ?? 0, photoVerified: await this.isVerified(userId) }, limits);
    const anyoneLeft = members.some((m) => m.left_at);
    let row: ChatMessageRow;
    try {
      row = await this.repo.transaction(async (tx, within) => {
        const use = await limiter.use(`first_message:${userId}`, allowance, DAY_MS, within);
        if (!use.allowed) throw requestPolicy.firstMessageLimit(use.resetsAt);
        // Read after the count: a parallel first message of this member has committed by now.
        const seen = await tx.request(body.chat_room_id);
        if (!seen || requestPolicy.step(seen, userId, now, false) !== 'first') throw new FirstMessageRolledBack('changed');
        const unanswered = await tx.unansweredSince(userId, new Date(now.getTime() - UNANSWERED_WINDOW_MS).toISOString());
        const message = this.messageRow(userId, body, requestPolicy.holdsFirstMessage(accountAgeMs, unanswered) ? 'held' : 'sent');
        const stored = await tx.storeFirst(message, anyoneLeft, seen, now.toISOString());
        if (stored !== 'stored') throw new FirstMessageRolledBack(stored);
        return message;
      });
    } catch (error) {
      if (!(error instanceof FirstMessageRolledBack)) throw error;
      if (error.reason === 'duplicate') return this.storedBefore(userId, body);
      return (await this.retry(userId, body, exceptSocket, mayRetry))!;
    }
    const message = presentMessage(row, userId);
    // Only the sender's own sockets: the recipient has no conversation yet.
    this.realtime().toMembers([userId], 'NewMessage', { channel: MESSAGES_CHANNEL, message, chat_room_id: row.room_id }, { except: exceptSocket });
    if (row.status === 'sent') void this.notifyRequest(members.filter((m) => m.user_id !== userId && !m.blocked).map((m) => m.user_id), userId, row.room_id);
    return { message, created: true };
  }

  /** The room's request changed while the member wrote: once more from the start (then its answer stands). */
  private async retry(userId: string, body: SendMessageBody, exceptSocket: string | undefined, mayRetry: boolean) {
    if (!mayRetry) throw conflict('request_changed', CHAT_REQUEST_CHANGED);
    return this.sendAs(userId, body, exceptSocket, false);
  }

  private messageRow(userId: string, body: SendMessageBody, status: ChatMessageRow['status']): ChatMessageRow {
    const now = orderedIsoNow(this.requests.clock);
    return {
      id: newId(), room_id: body.chat_room_id, user_id: userId, message: body.message, type: body.type,
      is_edited: false, client_id: body.client_id ?? null, status, created_at: now, updated_at: now,
      flags: this.flagsOfSend.get(body) ?? storedFlags(classifyMessage(body.message, this.phoneRegion)),
    };
  }

  /** A retried send (same client id): the message stored the first time, or 409 when that id was used in another room. */
  private async storedBefore(userId: string, body: SendMessageBody): Promise<{ message: ChatMessage; created: boolean }> {
    const existing = await this.repo.findByClientId(userId, body.client_id!);
    if (existing && existing.room_id === body.chat_room_id) return { message: presentMessage(existing, userId), created: false };
    throw conflict('client_id_taken', CLIENT_ID_TAKEN);
  }

  /** A conversation's message, after its commit: to the room's channel and both members' sockets, and notified. */
  private deliver(row: ChatMessageRow, members: readonly RoomMemberAs[], userId: string, exceptSocket: string | undefined): ChatMessage {
    const message = presentMessage(row, userId);
    this.emitSent(row, members.map((m) => m.user_id), exceptSocket);
    // Not awaited: asking every process which sockets follow the room must not slow the send.
    const recipients = members.filter((m) => m.user_id !== userId && !m.blocked).map((m) => m.user_id);
    void this.notifyMessage(recipients, userId, row);
    return message;
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

  /** A request reached its recipients: a quiet notification (inbox; no sound; pushed only if they turned request pushes on). */
  private async notifyRequest(recipients: string[], senderId: string, roomId: string): Promise<void> {
    for (const userId of recipients) {
      await this.notifier.notify({ userId, type: 'message_request', actorId: senderId, subjectId: roomId, chatRoomId: roomId });
    }
  }

  /**
   * Releases a member's held first messages (one of their requests was answered; later,
   * moderation): their recipients get them as requests, told quietly.
   */
  async releaseHeld(senderId: string): Promise<void> {
    for (const released of await this.repo.releaseHeld(senderId)) await this.notifyRequest(released.recipients, senderId, released.roomId);
  }

  /** Held first messages for moderators (issue 30), oldest first. */
  listHeldMessages(page: number, perPage: number) {
    return this.repo.listHeld(perPage, (page - 1) * perPage);
  }

  /** Releases a held message (and with it its sender's other held ones); the sender's id, or null when it is not held. */
  async releaseHeldMessage(messageId: string): Promise<string | null> {
    const held = await this.repo.findHeld(messageId);
    if (!held) return null;
    await this.releaseHeld(held.user_id);
    return held.user_id;
  }

  /** Rejects a held message; the sender's id, or null when it is not held. */
  async rejectHeldMessage(messageId: string): Promise<string | null> {
    const held = await this.repo.findHeld(messageId);
    if (!held || !(await this.repo.rejectHeld(messageId))) return null;
    return held.user_id;
  }

  /** The pending requests to a member, newest first: each with its sender's public summary and message. */
  async listRequests(userId: string, page: number, perPage: number): Promise<Page<ChatRequest>> {
    const [total, rows] = await Promise.all([this.repo.countRequests(userId), this.repo.listRequests(userId, perPage, (page - 1) * perPage)]);
    const [messages, senders] = await Promise.all([
      this.repo.findMessagesByIds(rows.flatMap((r) => (r.message_id ? [r.message_id] : []))),
      this.requests.summaries.of([...new Set(rows.map((r) => r.request_from))]),
    ]);
    const byId = new Map(messages.map((m) => [m.id, m]));
    const items = rows.flatMap((r) => {
      const message = r.message_id ? byId.get(r.message_id) : undefined;
      const sender = senders.get(r.request_from);
      return message && sender ? [presentRequest(r, sender, message, userId)] : [];
    });
    return pageOf(items, total, page, perPage);
  }

  /**
   * The recipient accepts a request: it becomes a conversation in her list (read: she has seen
   * it), both may write, and the sender's held first messages go out. Anything but a request to
   * her (or one she already accepted) is 404.
   */
  async accept(userId: string, roomId: string): Promise<ChatRoom> {
    chatPolicy.assertMember(await this.repo.findMembership(roomId, userId));
    let request = requestPolicy.answerable(await this.repo.findRequest(roomId), userId, 'accepted');
    if (request.request_status === 'pending' && !(await this.repo.acceptRequest(roomId, userId))) {
      request = requestPolicy.answerable(await this.repo.findRequest(roomId), userId, 'accepted');
    }
    // Read marks are ordered like messages: later than every message stamped before them.
    const now = orderedIsoNow(this.requests.clock);
    await this.repo.markRead(roomId, userId, now);
    // Each member's client refetches: her list gains the room, his room stops waiting.
    const rt = this.realtime();
    for (const member of await this.repo.members(roomId)) {
      rt.toMember(member.user_id, 'MessageRead', { channel: MESSAGES_CHANNEL, chat_room_id: roomId, user_id: userId, read_at: now });
    }
    await this.releaseHeld(request.request_from);
    return this.getRoom(userId, roomId);
  }

  /**
   * The recipient declines a request: gone for her (its sockets leave the room's channel), and the
   * sender — not told — may not ask her again for 30 days. Anything but a request to her is 404.
   */
  async decline(userId: string, roomId: string): Promise<void> {
    chatPolicy.assertMember(await this.repo.findMembership(roomId, userId));
    const request = requestPolicy.answerable(await this.repo.findRequest(roomId), userId, 'declined');
    if (request.request_status === 'pending' && !(await this.repo.declineRequest(roomId, userId, this.requests.clock.now().toISOString()))) {
      requestPolicy.answerable(await this.repo.findRequest(roomId), userId, 'declined');
    }
    await this.realtime().removeFromChannel([userId], roomChannel(roomId));
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
    const now = isoNow(this.requests.clock);
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
    await this.repo.deleteMessage(messageId, isoNow(this.requests.clock));
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
    const members = await this.repo.membersAs(roomId, userId);
    const status = members[0]?.request.request_status ?? null;
    // A request (or a held message in it) is nobody's conversation but its author's yet.
    if (status !== null && status !== 'accepted') return [userId];
    return members.filter((m) => !m.left_at && !m.blocked).map((m) => m.user_id);
  }

  async markRead(userId: string, roomId: string): Promise<string> {
    await this.assertSeesRoom(userId, roomId);
    // Later than every message stamped before it (messages' stamps are ordered, `orderedIsoNow`).
    const now = orderedIsoNow(this.requests.clock);
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
    if (!room) return;
    await this.depart(room.id, [a, b]);
    this.tellRoomClosed(room.id, [a, b]);
  }

  /** Issue 29: every open chat of the pair shows that the conversation ended (no reason: a block looks like an unmatch). */
  private tellRoomClosed(roomId: string, userIds: string[]): void {
    this.realtime().toMembers(userIds, 'room.closed', { channel: MESSAGES_CHANNEL, chat_room_id: roomId });
  }

  /** Members leave a room: stored, told to the room, and their sockets leave its channel. */
  private async depart(roomId: string, userIds: string[]): Promise<void> {
    const now = isoNow(this.requests.clock);
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
    const summaries = await this.requests.summaries.of(rows.map((r) => r.id));
    return pageOf(rows.flatMap((r) => summaries.get(r.id) ?? []), total, page, perPage);
  }

  /** Whether a member may join `chat.room.{id}` (current members only, not while a block hides it). */
  async mayJoinRoom(userId: string, roomId: string): Promise<boolean> {
    const membership = await this.repo.findMembership(roomId, userId);
    if (!membership || membership.left_at || membership.blocked) return false;
    const request = await this.repo.findRequest(roomId);
    return request !== undefined && requestPolicy.sees(request, userId);
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
    const now = isoNow(this.requests.clock);
    await rt.removeFromChannel([a, b], channel);
    for (const userId of [a, b]) {
      rt.toMember(userId, 'MessageRead', { channel: MESSAGES_CHANNEL, chat_room_id: room.id, user_id: userId, read_at: now });
    }
    this.tellRoomClosed(room.id, [a, b]);
  }
}
