/** Discover and matching limits and messages, without zod (the schemas are in schemas/matching.ts). */

/** Page sizes of discover and the lists; `activity`: the most recent events the activity timeline shows. */
export const MATCHING_PAGE_SIZES = { discover: 10, lists: 20, activity: 50 } as const;

/** Entitlements: free members' daily limits and what premium adds (the server's config may change them). */
export const MATCHING_LIMITS = {
  freeDailyLikes: 25,
  freeDailySuperLikes: 1,
  premiumDailySuperLikes: 5,
  boostMinutes: 30,
  premiumBoostsPerWeek: 1,
  /** Blurred placeholders a free member sees on the likes and visitors pages. */
  lockedPlaceholders: 6,
} as const;

/** 'Your profile is boosted for the next 30 minutes.' (the length is server configuration). */
export const boostedMessage = (minutes: number) => `Your profile is boosted for the next ${minutes} minute${minutes === 1 ? '' : 's'}.`;

export const MATCHING_MESSAGES = {
  outOfLikes: "You've used all your likes for today.",
  outOfSuperLikes: "You've used all your super likes for today.",
  premiumOnly: 'This is a Premium feature. Upgrade to Premium to use it.',
  nothingToUndo: 'There is nothing to undo.',
  cannotUndoMatch: 'A like that made a match cannot be undone.',
  boostUsed: "You've used this week's boost.",
  boostActive: 'Your profile is already boosted.',
  boosted: 'Your profile is boosted: you are shown first in Discover for a while.',
  unmatched: 'You have unmatched.',
  memberNotFound: 'Member not found.',
  matchNotFound: 'Match not found.',
  cannotLikeSelf: 'You cannot like yourself.',
  alreadyMatched: 'You are already matched with this member.',
  itsAMatch: "It's a match!",
  superMatch: 'Super Match!',
  undone: 'Undone.',
} as const;

/** The 429 of a used-up daily allowance; clients read the time from the error's `details.resets_at`. */
export const dailyLimitMessage = (usedUp: string, resetsAt: string) => `${usedUp} You get more at midnight UTC (${resetsAt}).`;

/** The body of the match notification each of the two members gets. */
export const matchNotificationBody = (otherName: string) => `You and ${otherName} like each other.`;
