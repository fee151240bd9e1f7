import { type VerifyOtpBody, type VerifyOtpResult } from '@linkup/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/**
 * POST /auth/verify-otp {mobile, otp} → data.token and data.user (spec §7); for a number without
 * an account, the short sign-up's token instead (issue 32).
 */
export async function verifyOtp(body: VerifyOtpBody): Promise<VerifyOtpResult> {
  const response = await api.post<unknown>('/auth/verify-otp', body);
  return (await schemas()).VerifyOtpResultSchema.parse(response.data);
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
