import { SAFETY_MESSAGES, type MemberRelation } from '@linkup/contract';
import type { MessagePolicy } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { contactPolicy } from '../shared/contact.policy';

/** What the server knows of where a viewer stands with another member. */
export interface RelationFacts {
  /** Matched now. */
  matched: boolean;
  /** The member liked or super liked the viewer. */
  likedMe: boolean;
  /** Who the member accepts messages from. */
  messagePolicy: MessagePolicy;
  /** People Who Like You is premium: only a premium viewer learns a like that has not made a match. */
  viewerIsPremium: boolean;
  /** The viewer is photo-verified (issue 31: members who accept messages from verified members). */
  viewerIsVerified: boolean;
}

/**
 * What a member may learn of another on their profile (`GET /users/{id}`): nothing finer than the
 * app shows elsewhere. Unknown, deleted, blocked (either way) and unmatched members look alike (404).
 */
export interface MembersPolicy {
  assertVisible<T extends { hidden: boolean }>(member: T | undefined): asserts member is T;
  relation(facts: RelationFacts): MemberRelation;
}

export const membersPolicy: MembersPolicy = {
  assertVisible(member) {
    if (!member || member.hidden) throw notFound('member_not_found', SAFETY_MESSAGES.memberUnavailable);
  },

  relation({ matched, likedMe, messagePolicy, viewerIsPremium, viewerIsVerified }) {
    return {
      matched,
      // A free member is told only what a match tells anyway (People Who Like You is premium).
      liked_me: likedMe && (matched || viewerIsPremium),
      accepts_messages: contactPolicy.acceptsMessages(messagePolicy, { matched, theyStarted: false, senderVerified: viewerIsVerified }),
      verification_unlocks_messages: !viewerIsVerified && !contactPolicy.acceptsMessages(messagePolicy, { matched, theyStarted: false, senderVerified: false })
        && contactPolicy.acceptsMessages(messagePolicy, { matched, theyStarted: false, senderVerified: true }),
    };
  },
};
