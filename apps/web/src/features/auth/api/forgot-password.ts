import { type ForgotPasswordBody } from '@linkup/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /auth/forgot-password {email} or {mobile}: the same answer whether or not an account
 * exists; resolves to the server's message (spec §7: "the returned message is shown").
 */
export async function forgotPassword(body: ForgotPasswordBody): Promise<string | undefined> {
  const response = await api.post<unknown>('/auth/forgot-password', body);
  return response.message;
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
