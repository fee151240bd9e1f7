import { type MobileCodeSent } from '@linkup/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** POST /account/mobile/confirm/code → another code to the number I registered with (after the cool-down). */
export async function resendMobileConfirmation(): Promise<MobileCodeSent & { message: string | undefined }> {
  const response = await api.post<unknown>('/account/mobile/confirm/code');
  return { ...(await schemas()).MobileCodeSentSchema.parse(response.data), message: response.message };
}

export function useResendMobileConfirmation() {
  return useMutation({ mutationFn: resendMobileConfirmation });
}
