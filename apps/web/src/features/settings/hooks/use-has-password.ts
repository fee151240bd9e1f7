import { useSessionStore } from '@/lib/session-store';

/**
 * Whether the signed-in account has a password (issue 32: a phone-first account may have none).
 * Such an account has no current password to confirm a change with, so the forms neither ask for
 * one nor send it; the server requires it of every account that has one. Unknown (an older
 * session without the field) counts as having one.
 */
export function useHasPassword(): boolean {
  return useSessionStore((s) => s.user?.has_password !== false);
}

/** The `current_password` a form sends: what was typed when the account has a password, else nothing. */
export const currentPasswordFor = (hasPassword: boolean, typed: string): string | undefined => (hasPassword ? typed : undefined);
