/** Sign-in rules the first pages need, without zod (the auth schemas are in schemas/auth.ts). */
import type { SessionUser } from './schemas/auth';

export const OTP_LENGTH = 6;

/** After sign-in: onboarding unless the profile is complete (spec §4 "Auth"). */
export function needsOnboarding(user: Pick<SessionUser, 'profile_completed' | 'onboarding_completed_at'>): boolean {
  return !user.profile_completed || !user.onboarding_completed_at;
}

/** Registered but the mobile number not yet confirmed with its WhatsApp code (issue 27): the confirm step comes first. */
export function needsMobileConfirmation(user: Pick<SessionUser, 'phone_verified'>): boolean {
  return user.phone_verified === false;
}
