import { CHAT_REQUEST_MESSAGES, DECLINED_REQUEST_DAYS, matchesOnlyMessage, verifiedOnlyMessage } from '@linkup/contract';
import type { ChatMemberRow, MessagePolicy, RequestStatus } from '../../db/schema';
import { AppError, notFound, tooManyRequests } from '../../lib/http-errors';

export const ROOM_NOT_FOUND = 'Chat room not found.';
export const MESSAGE_NOT_FOUND = 'Message not found.';
export const MEMBER_NOT_FOUND = 'Member not found.';

/** A membership as the policy sees it: `blocked` when another member of the room and this one blocked each other. */
export type Membership = ChatMemberRow & { blocked: boolean };

/** Someone a member wants to chat with, as the policy sees them. */
export interface ChatPartner {
  id: string;
  name: string;
  /** Either of the two blocked the other. */
  blocked: boolean;
  /** The two were matched and one of them unmatched. */
  unmatched: boolean;
  message_policy: MessagePolicy;
}

/**
 * Who may do what in chat. Anything a member may not see looks exactly like something that does
 * not exist (404), so room and message ids reveal nothing. A block either way hides the pair's
 * room from both (404) for as long as it lasts; the room and its messages are kept and come back
 * when the block is lifted.
 */
export interface ChatPolicy {
  assertMember<M extends Pick<Membership, 'left_at' | 'blocked'>>(membership: M | undefined): asserts membership is M;
  assertAuthor(message: { user_id: string } | undefined, userId: string): void;
  assertCanStartChat(userId: string, other: ChatPartner | undefined): asserts other is ChatPartner;
  assertAcceptsMessages(recipient: Pick<ChatPartner, 'name' | 'message_policy'>, allowed: boolean): void;
}

export const chatPolicy: ChatPolicy = {
  /** Reading and writing a room: only its current members, and only while nobody in it is blocked. */
  assertMember(membership) {
    if (!membership || membership.left_at || membership.blocked) throw notFound('room_not_found', ROOM_NOT_FOUND);
  },

  /** Editing and deleting a message: only its author, and only while still in the room. */
  assertAuthor(message, userId) {
    if (!message || message.user_id !== userId) throw notFound('message_not_found', MESSAGE_NOT_FOUND);
  },

  /** Starting a chat: with an existing member other than oneself, not blocked either way nor unmatched. */
  assertCanStartChat(userId, other) {
    if (!other || other.id === userId || other.blocked || other.unmatched) throw notFound('member_not_found', MEMBER_NOT_FOUND);
  },

  /**
   * "Who may message me: matches only": refused unless `allowed` (the two are matched, or the
   * recipient started the conversation). 422, not 403: the client signs out on 403.
   */
  assertAcceptsMessages(recipient, allowed) {
    if (allowed) return;
    // A recipient who takes verified members too: the sender is told that verifying opens the way.
    if (recipient.message_policy === 'verified') throw new AppError(422, verifiedOnlyMessage(recipient.name), { code: 'messages_from_verified_only' });
    throw new AppError(422, matchesOnlyMessage(recipient.name), { code: 'messages_from_matches_only' });
  },
};

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A room's message request as the policy sees it (migration 0018). */
export interface RoomRequest {
  request_from: string | null;
  request_status: RequestStatus | null;
  declined_at: string | null;
}

/**
 * What a member's message does in a room, by the room's request:
 * - `open`: a conversation (accepted, matched, or from before requests): written directly;
 * - `first`: nobody asked yet, or the member may ask again: the message opens a request;
 * - `accepts`: the member is the recipient of a pending request and replies, which accepts it;
 * - `waits`: the member's request waits (pending, held, or declined less than 30 days ago —
 *   the sender is not told): 409 request_pending;
 * - `hidden`: a request the member cannot see (held for them, or declined by them): 404.
 */
export type RequestStep = 'open' | 'first' | 'accepts' | 'waits' | 'hidden';

/** Limits of the new conversations a member may start a day (configuration). */
export interface FirstMessageLimits {
  perDay: number;
  /** While the account is younger than 24 hours. */
  newAccountPerDay: number;
  /** Photo-verified members, once verification exists. */
  verifiedPerDay: number;
}

/** What the trust tier of a member reads. */
export interface SenderTrust {
  accountAgeMs: number;
  /** Members who reported this one in the last 7 days. */
  reportsLast7Days: number;
  /** Photo verification does not exist yet (issue 29): always false until it does. */
  photoVerified: boolean;
}

/** Accounts younger than this have their first messages held after `HOLD_AFTER_UNANSWERED`. */
export const HOLD_ACCOUNT_AGE_MS = 7 * DAY_MS;
export const HOLD_AFTER_UNANSWERED = 3;
/** The window in which unanswered first messages count towards holding. */
export const UNANSWERED_WINDOW_MS = DAY_MS;
const NEW_ACCOUNT_MS = DAY_MS;

export const requestPolicy = {
  step(room: RoomRequest, userId: string, now: Date, matched: boolean): RequestStep {
    if (room.request_status === 'accepted' || matched) return 'open';
    if (room.request_status === null) return 'first';
    if (room.request_from === userId) {
      if (room.request_status !== 'declined') return 'waits';
      return requestPolicy.mayAskAgain(room, now) ? 'first' : 'waits';
    }
    return room.request_status === 'pending' ? 'accepts' : 'hidden';
  },

  /** A declined sender may ask again 30 days after the decline. */
  mayAskAgain(room: Pick<RoomRequest, 'declined_at'>, now: Date): boolean {
    return room.declined_at === null || now.getTime() - Date.parse(room.declined_at) >= DECLINED_REQUEST_DAYS * DAY_MS;
  },

  /** Whether the member sees the room at all (by id): not a request held from them or that they declined. */
  sees(room: RoomRequest, userId: string): boolean {
    return room.request_status === null || room.request_status === 'accepted' || room.request_status === 'pending' || room.request_from === userId;
  },

  /**
   * Accepting or declining: only the recipient of a pending request (a retry of what was done
   * answers the same). Answers the request; anything else is 404.
   */
  answerable(room: RoomRequest | undefined, userId: string, to: 'accepted' | 'declined'): RoomRequest & { request_from: string } {
    if (!room || room.request_from === null || room.request_from === userId) throw notFound('room_not_found', ROOM_NOT_FOUND);
    if (room.request_status !== 'pending' && room.request_status !== to) throw notFound('room_not_found', ROOM_NOT_FOUND);
    return { ...room, request_from: room.request_from };
  },

  /** 409 request_pending, with the recipient's name when known. */
  waiting(recipientName: string | undefined): AppError {
    return new AppError(409, recipientName ? CHAT_REQUEST_MESSAGES.pending(recipientName) : CHAT_REQUEST_MESSAGES.pendingFallback, { code: 'request_pending' });
  },

  /**
   * New conversations a member may start a day: 30 when photo-verified (once verification
   * exists), 3 while the account is younger than 24 hours, else 10 — halved for each member who
   * reported them in the last 7 days, never below 1.
   */
  firstMessageAllowance(trust: SenderTrust, limits: FirstMessageLimits): number {
    const base = trust.photoVerified ? limits.verifiedPerDay : trust.accountAgeMs < NEW_ACCOUNT_MS ? limits.newAccountPerDay : limits.perDay;
    let allowance = base;
    for (let i = 0; i < trust.reportsLast7Days && allowance > 1; i++) allowance = Math.floor(allowance / 2);
    return Math.max(1, allowance);
  },

  /** 429 first_message_limit with what is left (none) and when more come. */
  firstMessageLimit(resetsAt: string): AppError {
    return tooManyRequests('first_message_limit', CHAT_REQUEST_MESSAGES.firstMessageLimit(0), { remaining: 0, resets_at: resetsAt });
  },

  /** A member younger than 7 days with 3 unanswered first messages in 24 hours: further ones are held. */
  holdsFirstMessage(accountAgeMs: number, unansweredLast24h: number): boolean {
    return accountAgeMs < HOLD_ACCOUNT_AGE_MS && unansweredLast24h >= HOLD_AFTER_UNANSWERED;
  },
};
