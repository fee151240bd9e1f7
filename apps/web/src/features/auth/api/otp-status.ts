import { type MobileBody, type OtpStatus } from '@linkup/contract';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** POST /auth/otp-status {mobile} → data.exists, data.expires_in_seconds (spec §7). */
export async function getOtpStatus(body: MobileBody, signal?: AbortSignal): Promise<OtpStatus> {
  const response = await api.post<unknown>('/auth/otp-status', body, { signal });
  return (await schemas()).OtpStatusSchema.parse(response.data);
}
