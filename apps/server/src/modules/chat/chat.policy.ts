import type { ChatMemberRow } from '../../db/schema';
import { notFound } from '../../lib/http-errors';

export const ROOM_NOT_FOUND = 'Chat room not found.';
export const MESSAGE_NOT_FOUND = 'Message not found.';

/**
 * Who may do what in chat. Anything a member may not see looks exactly like something that does
 * not exist (404), so room and message ids reveal nothing.
 */
export interface ChatPolicy {
  assertMember(membership: ChatMemberRow | undefined): asserts membership is ChatMemberRow;
  assertAuthor(message: { user_id: string } | undefined, userId: string): void;
  assertCanStartChat(userId: string, other: { id: string; name: string } | undefined): asserts other is { id: string; name: string };
}

export const chatPolicy: ChatPolicy = {
  /** Reading and writing a room: only its current members. */
  assertMember(membership) {
    if (!membership || membership.left_at) throw notFound(ROOM_NOT_FOUND);
  },

  /** Editing and deleting a message: only its author, and only while still in the room. */
  assertAuthor(message, userId) {
    if (!message || message.user_id !== userId) throw notFound(MESSAGE_NOT_FOUND);
  },

  /**
   * Starting a chat with someone. Blocks (profiles issue) and the "matches only" privacy
   * setting join this check when those exist.
   */
  assertCanStartChat(userId, other) {
    if (!other || other.id === userId) throw notFound('Member not found.');
  },
};
