import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /auth/email/resend (signed in): a new verification link; resolves to the server's message. */
export async function resendVerificationEmail(): Promise<string | undefined> {
  const response = await api.post<unknown>('/auth/email/resend');
  return response.message;
}

export function useResendVerificationEmail() {
  return useMutation({ mutationFn: resendVerificationEmail });
}
