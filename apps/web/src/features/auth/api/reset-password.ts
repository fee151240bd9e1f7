import { type ResetPasswordBody } from '@linkup/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /auth/reset-password {token, mobile, password, password_confirmation} → the server's message. */
export async function resetPassword(body: ResetPasswordBody): Promise<string | undefined> {
  const response = await api.post<unknown>('/auth/reset-password', body);
  return response.message;
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
