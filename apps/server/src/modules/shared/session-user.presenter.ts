import type { SessionUser } from '@linkup/contract';
import { toBool, type UserRow } from '../../db/schema';

/**
 * The signed-in member's own user object (spec §3): their own contact details, nothing else;
 * `avatarUrl` (their main photo's thumbnail) when the caller looked it up.
 */
export function presentSessionUser(user: UserRow, avatarUrl?: string | null): SessionUser {
  return {
    ...(avatarUrl !== undefined ? { avatar_url: avatarUrl } : {}),
    id: user.id,
    name: user.name,
    phone_number: user.phone_number,
    email: user.email,
    profile_completed: toBool(user.profile_completed),
    onboarding_completed_at: user.onboarding_completed_at,
    email_verified_at: user.email_verified_at,
  };
}
