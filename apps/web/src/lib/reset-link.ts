import type { ResetPasswordLinkParams } from '@linkup/contract';

/**
 * A reset-password link's `token`, only when present; the server checks it. The link carries no
 * mobile number (issue 32 item 11; spec §3's `mobile` is a recorded departure). Plain code rather
 * than the contract's schema: the native deep-link handler runs before any page, where zod is not loaded.
 */
export function resetLinkParams(params: URLSearchParams): ResetPasswordLinkParams | null {
  const token = params.get('token');
  return token ? { token } : null;
}
