/**
 * A restricted session (issue 30): the server answers `account_suspended` to every call but the
 * standing page, appeals, export, deletion and logout. It is not a sign-out (spec §7 signs out on
 * 401/403 only): the member stays signed in and the app shows only their standing page
 * (app/guards/require-good-standing.tsx). Kept for the session it was seen in; a new session starts
 * unrestricted until the server says otherwise.
 */
import { create } from 'zustand';
import { useSessionStore } from '@/lib/session-store';

interface RestrictionState {
  /** The session token the server restricted, or null. */
  token: string | null;
  /** `details.until` of the answer: when a suspension ends; null for a ban or no end given. */
  until: string | null;
  restrict: (token: string, until: string | null) => void;
  clear: () => void;
}

export const useRestrictionStore = create<RestrictionState>()((set) => ({
  token: null,
  until: null,
  restrict: (token, until) => set({ token, until }),
  clear: () => set({ token: null, until: null }),
}));

/** Whether the signed-in session is restricted: the server said so on a call, or in the session user. */
export function useIsRestricted(): boolean {
  const token = useSessionStore((s) => s.token);
  const userRestricted = useSessionStore((s) => s.user?.restricted === true);
  const restricted = useRestrictionStore((s) => s.token);
  return token !== null && (userRestricted || restricted === token);
}

useSessionStore.subscribe((state, previous) => {
  if (state.token !== previous.token && useRestrictionStore.getState().token !== null) useRestrictionStore.getState().clear();
});
