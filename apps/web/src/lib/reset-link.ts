import type { ResetPasswordLinkParams } from '@linkup/contract';

/**
 * A reset-password link's `token` and `mobile`, only when both are present (spec §3, §5); the
 * server checks them. Plain code rather than the contract's schema: the native deep-link handler
 * runs before any page, where zod is not loaded.
 */
export function resetLinkParams(params: URLSearchParams): ResetPasswordLinkParams | null {
  const token = params.get('token');
  const mobile = params.get('mobile');
  return token && mobile ? { token, mobile } : null;
}
