import { type MobileBody, type OtpSent } from '@linkup/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** POST /auth/resend-otp {mobile} → a new code's expires_at and resend_available_at (spec §7). */
export async function resendOtp(body: MobileBody): Promise<OtpSent> {
  const response = await api.post<unknown>('/auth/resend-otp', body);
  return (await schemas()).OtpSentSchema.parse(response.data);
}

export function useResendOtp() {
  return useMutation({ mutationFn: resendOtp });
}
