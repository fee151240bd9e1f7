import { type MobileChangeCodeBody, type MobileCodeSent } from '@linkup/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** POST /account/mobile/code {mobile} → a WhatsApp code goes to the new number. */
export async function requestMobileCode(body: MobileChangeCodeBody): Promise<MobileCodeSent & { message: string | undefined }> {
  const response = await api.post<unknown>('/account/mobile/code', body);
  return { ...(await schemas()).MobileCodeSentSchema.parse(response.data), message: response.message };
}

export function useRequestMobileCode() {
  return useMutation({ mutationFn: requestMobileCode });
}
