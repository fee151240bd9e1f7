/**
 * The login page offers two ways in (password, WhatsApp code); the chosen one is kept in the
 * query (`?method=whatsapp`) so Back and links can return to it.
 */
import { LOGIN_PATH } from '@linkup/contract';
import { REDIRECT_PARAM, safeRedirect } from '@/features/auth/utils/redirect';

export const LOGIN_METHOD_PARAM = 'method';
export type LoginMethod = 'password' | 'whatsapp';

export function loginMethod(value: string | null): LoginMethod {
  return value === 'whatsapp' ? 'whatsapp' : 'password';
}

/** /auth/login with the WhatsApp way chosen, keeping the return address if there is one. */
export function whatsappLoginPath(returnTo?: string | null): string {
  const params = new URLSearchParams({ [LOGIN_METHOD_PARAM]: 'whatsapp' });
  const target = safeRedirect(returnTo);
  if (target) params.set(REDIRECT_PARAM, target);
  return `${LOGIN_PATH}?${params.toString()}`;
}
