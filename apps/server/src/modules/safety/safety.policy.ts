import { SAFETY_MESSAGES } from '@linkup/contract';
import { contactPolicy, type PairState } from '../shared/contact.policy';
import { invalid, notFound } from '../../lib/http-errors';

/**
 * Where a member stands with someone they want to report (issue 29), as the policy sees it.
 * `exists`: their account is still there; `pair`: blocked either way / unmatched; `hadContact`:
 * the two had a conversation, a match (on or ended), a like either way, a visit either way, or
 * the reporter blocked them — or, once they deleted their account, the reporter was one of their
 * contacts (a departed contact kept for this).
 */
export interface ReportTarget {
  exists: boolean;
  pair: PairState;
  hadContact: boolean;
}

/** A chat message someone wants to report, as the policy sees it. */
export interface ReportedMessage {
  /** Its author. */
  user_id: string;
  /** It was in the conversation of the reporter and the reported member. */
  inPairRoom: boolean;
}

/**
 * Who may block or report whom. Blocking: any existing member other than oneself. Reporting: a
 * member one can see (not apart), and — after an unmatch, a block or their account deletion —
 * anyone one had contact with. Everyone else is 404 with the same words as a profile hidden by a
 * block: a report reveals nothing the profile does not.
 */
export interface SafetyPolicy {
  assertNotSelf(userId: string, targetId: string, message: string): void;
  assertMember<T>(member: T | undefined): asserts member is T;
  /** A reported post must be one of the reported member's. */
  assertPost<T>(post: T | undefined): asserts post is T;
  mayReport(target: ReportTarget): boolean;
  assertMayReport(target: ReportTarget): void;
  /** A reported message must be one the reported member sent in the pair's conversation. */
  assertMessageOf(message: ReportedMessage | undefined, reportedId: string): void;
}

export const safetyPolicy: SafetyPolicy = {
  assertNotSelf(userId, targetId, message) {
    if (userId === targetId) throw invalid('own_profile', { user_id: [message] }, message);
  },

  assertMember(member) {
    if (!member) throw notFound('member_not_found', SAFETY_MESSAGES.memberUnavailable);
  },

  assertPost(post) {
    if (!post) throw notFound('post_not_found', SAFETY_MESSAGES.postUnavailable);
  },

  mayReport(target) {
    if (target.hadContact) return true;
    return target.exists && !contactPolicy.apart(target.pair);
  },

  assertMayReport(target) {
    if (!safetyPolicy.mayReport(target)) throw notFound('member_not_found', SAFETY_MESSAGES.memberUnavailable);
  },

  assertMessageOf(message, reportedId) {
    if (!message || !message.inPairRoom || message.user_id !== reportedId) throw notFound('message_not_found', SAFETY_MESSAGES.messageUnavailable);
  },
};
