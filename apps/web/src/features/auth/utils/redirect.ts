/**
 * The return address kept across sign-in (spec §2, §4): the login page carries it as
 * `?redirect=<in-app path>`; after sign-in the member lands there, or on onboarding first.
 */
import { DEFAULT_AUTHED_PATH, LOGIN_PATH, ONBOARDING_PATH, needsMobileConfirmation, needsOnboarding, type SessionUser } from '@linkup/contract';

export const REDIRECT_PARAM = 'redirect';

/** Only paths inside the app, and never back into the sign-in pages. */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  if (value === '/auth' || value.startsWith('/auth/') || value.startsWith('/auth?')) return null;
  return value;
}

export function loginPathWithRedirect(returnTo: string): string {
  const target = safeRedirect(returnTo);
  if (!target || target === DEFAULT_AUTHED_PATH || target === '/') return LOGIN_PATH;
  return `${LOGIN_PATH}?${new URLSearchParams({ [REDIRECT_PARAM]: target }).toString()}`;
}

export function postLoginPath(
  user: Pick<SessionUser, 'profile_completed' | 'onboarding_completed_at' | 'phone_verified'>,
  redirect: string | null | undefined,
): string {
  // The number's confirm step (issue 27) is on the onboarding page, before its steps.
  if (needsMobileConfirmation(user) || needsOnboarding(user)) return ONBOARDING_PATH;
  return safeRedirect(redirect) ?? DEFAULT_AUTHED_PATH;
}
