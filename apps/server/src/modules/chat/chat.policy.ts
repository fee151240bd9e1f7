import { matchesOnlyMessage } from '@linkup/contract';
import type { ChatMemberRow, MessagePolicy } from '../../db/schema';
import { AppError, notFound } from '../../lib/http-errors';

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
    if (!membership || membership.left_at || membership.blocked) throw notFound(ROOM_NOT_FOUND);
  },

  /** Editing and deleting a message: only its author, and only while still in the room. */
  assertAuthor(message, userId) {
    if (!message || message.user_id !== userId) throw notFound(MESSAGE_NOT_FOUND);
  },

  /** Starting a chat: with an existing member other than oneself, not blocked either way nor unmatched. */
  assertCanStartChat(userId, other) {
    if (!other || other.id === userId || other.blocked || other.unmatched) throw notFound(MEMBER_NOT_FOUND);
  },

  /**
   * "Who may message me: matches only": refused unless `allowed` (the two are matched, or the
   * recipient started the conversation). 422, not 403: the client signs out on 403.
   */
  assertAcceptsMessages(recipient, allowed) {
    if (recipient.message_policy === 'matches' && !allowed) throw new AppError(422, matchesOnlyMessage(recipient.name), { code: 'messages_from_matches_only' });
  },
};
