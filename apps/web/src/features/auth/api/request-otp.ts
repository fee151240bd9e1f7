import { type MobileBody, type OtpSent } from '@linkup/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** POST /auth/request-otp {mobile} → data.expires_at, data.resend_available_at (spec §7). */
export async function requestOtp(body: MobileBody): Promise<OtpSent> {
  const response = await api.post<unknown>('/auth/request-otp', body);
  return (await schemas()).OtpSentSchema.parse(response.data);
}

export function useRequestOtp() {
  return useMutation({ mutationFn: requestOtp });
}
