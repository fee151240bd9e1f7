/**
 * The match the member has just made on screen (issue 32): while its "It's a match!" dialog shows,
 * the in-app card of that same match stays away — the match shows one thing. Set by the matching
 * feature's dialog, read by the notifications feature's card.
 */
import { create } from 'zustand';

interface MatchCelebrationState {
  /** The member of the match whose dialog is open, if any. */
  memberId: string | null;
  celebrate: (memberId: string | null) => void;
}

export const useMatchCelebration = create<MatchCelebrationState>()((set) => ({
  memberId: null,
  celebrate: (memberId) => set({ memberId }),
}));

const MATCH_TYPES: ReadonlySet<string> = new Set(['match', 'super_match']);

/** Whether a notification is the match the dialog on screen already shows. */
export const isCelebrated = (data: { type: string; user_id?: string | undefined }, memberId: string | null) =>
  memberId !== null && MATCH_TYPES.has(data.type) && data.user_id === memberId;
