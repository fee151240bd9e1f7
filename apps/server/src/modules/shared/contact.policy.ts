import { AGE_LIMITS, type MessagePolicyValue } from '@linkup/contract';

/** Where two members stand with each other, as far as seeing one another goes. */
export interface PairState {
  /** Either of the two blocked the other. */
  blocked: boolean;
  /** The two were matched and one of them unmatched (until they match again). */
  unmatched: boolean;
}

/** Where a would-be sender stands with the recipient of a first message. */
export interface SenderFacts {
  /** The two are matched now. */
  matched: boolean;
  /** The recipient started the conversation (opened the room or wrote first). */
  theyStarted: boolean;
  /** The sender is photo-verified (issue 31). */
  senderVerified: boolean;
}

/** An age range a list is narrowed by (a filter of the page, or a strict preference). */
export interface AgeRange { min: number; max: number }

/**
 * What one member may see of another, decided once for every list of the app (feed, discover,
 * notifications inbox, activity, visitors, profiles). The SQL that applies it lives in
 * `blocks.repository.ts` (`whereNotApart`) and in the lists' repositories.
 */
export const contactPolicy = {
  /**
   * Members apart see nothing of each other: a block (either way) and an unmatch end contact
   * everywhere, not only in chat — no post, no inbox item, no activity, no visit, no profile.
   */
  apart(pair: PairState): boolean {
    return pair.blocked || pair.unmatched;
  },

  /**
   * Whether an age range narrows a list down (it leaves out some age a member can have). Members
   * who hide their age are then left out of it: answered page after page, a narrowing filter
   * would find their age (seven requests of binary search) — finer than their profile shows.
   */
  ageRangeRevealsAge(range: AgeRange | null): boolean {
    return range !== null && (range.min > AGE_LIMITS.min || range.max < AGE_LIMITS.max);
  },

  /**
   * "Who may message me" (privacy `message_policy`): everyone; only matches (or a conversation
   * they started); or, issue 31, matches and photo-verified members.
   */
  acceptsMessages(policy: MessagePolicyValue, sender: SenderFacts): boolean {
    if (policy === 'everyone' || sender.matched || sender.theyStarted) return true;
    return policy === 'verified' && sender.senderVerified;
  },
};
