import { useSessionStore } from '@/lib/session-store';

/**
 * Whether the signed-in member is premium: the one premium state of the web (issue 28 item 15) —
 * the session's user (`GET /auth/user` carries `is_premium`), which `premium.changed` keeps
 * current; undefined while nobody is signed in. The server still enforces every premium feature.
 */
export function useIsPremium(): boolean | undefined {
  return useSessionStore((s) => s.user?.is_premium);
}

/** The server said whether the member is premium (`premium.changed`, today's numbers): the session follows. */
export function syncPremium(isPremium: boolean): void {
  const { user, updateUser } = useSessionStore.getState();
  if (user && user.is_premium !== isPremium) updateUser({ ...user, is_premium: isPremium });
}
