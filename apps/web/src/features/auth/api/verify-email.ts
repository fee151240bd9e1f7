import { type SessionUser } from '@linkup/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

export interface EmailVerified {
  user: SessionUser;
  message: string | undefined;
}

/** POST /auth/email/verify {token} (no sign-in needed) → data.user, with email_verified_at set. */
export async function verifyEmail(token: string): Promise<EmailVerified> {
  const response = await api.post<unknown>('/auth/email/verify', { token });
  return { user: (await schemas()).AccountUserSchema.parse(response.data).user, message: response.message };
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
