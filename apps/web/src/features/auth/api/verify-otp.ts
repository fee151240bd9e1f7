import { type Session, type VerifyOtpBody } from '@linkup/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** POST /auth/verify-otp {mobile, otp} → data.token and data.user (spec §7). */
export async function verifyOtp(body: VerifyOtpBody): Promise<Session> {
  const response = await api.post<unknown>('/auth/verify-otp', body);
  return (await schemas()).SessionSchema.parse(response.data);
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
