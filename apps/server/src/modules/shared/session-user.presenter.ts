import type { SessionUser } from '@linkup/contract';
import { toBool, type UserRow } from '../../db/schema';

/** What the full session user adds to the row: the avatar and premium. */
export interface SessionUserExtras {
  avatar_url: string | null;
  is_premium: boolean;
  premium_until: string | null;
  /** Staff roles (issue 30). */
  roles?: string[];
  /** Suspended or banned now (issue 30); a suspension past its end is not. */
  restricted?: boolean;
}

/**
 * The account's mobile number: the confirmed one, else the one registered with and waiting for
 * its code (issue 27), so the member sees where the code went.
 */
export function mobileOf(user: Pick<UserRow, 'phone_number' | 'pending_phone_number'>): string | null {
  return user.phone_number ?? user.pending_phone_number;
}

/** Whether the account has a confirmed number (only a confirmed number is in `phone_number`). */
export function hasConfirmedMobile(user: Pick<UserRow, 'phone_number'>): boolean {
  return user.phone_number !== null;
}

/**
 * The signed-in member's own user object (spec §3): their own contact details, nothing else;
 * with `extras` (avatar, premium) when the caller looked them up (see SessionUsers).
 */
export function presentSessionUser(user: UserRow, extras?: SessionUserExtras): SessionUser {
  return {
    restricted: user.restriction === 'suspended' || user.restriction === 'banned',
    ...(extras ?? {}),
    id: user.id,
    name: user.name,
    phone_number: mobileOf(user),
    phone_verified: hasConfirmedMobile(user),
    email: user.email,
    profile_completed: toBool(user.profile_completed),
    onboarding_completed_at: user.onboarding_completed_at,
    email_verified_at: user.email_verified_at,
    pending_email: user.pending_email,
    has_password: user.password_hash !== null,
  };
}
