import { SAFETY_MESSAGES } from '@linkup/contract';
import { invalid, notFound } from '../../lib/http-errors';

/**
 * Who may block or report whom: any existing member other than oneself. An unknown or deleted
 * member is 404 with the same words as a profile hidden by a block.
 */
export interface SafetyPolicy {
  assertNotSelf(userId: string, targetId: string, message: string): void;
  assertMember<T>(member: T | undefined): asserts member is T;
  /** A reported post must be one of the reported member's. */
  assertPost<T>(post: T | undefined): asserts post is T;
}

export const safetyPolicy: SafetyPolicy = {
  assertNotSelf(userId, targetId, message) {
    if (userId === targetId) throw invalid({ user_id: [message] }, message);
  },

  assertMember(member) {
    if (!member) throw notFound(SAFETY_MESSAGES.memberUnavailable);
  },

  assertPost(post) {
    if (!post) throw notFound(SAFETY_MESSAGES.postUnavailable);
  },
};
