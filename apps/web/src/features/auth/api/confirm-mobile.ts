import { type AccountUser, type ConfirmMobileBody } from '@linkup/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';
import { schemas } from '@/lib/schemas';

/** POST /account/mobile/confirm {otp} → my user, with the number I registered with confirmed (issue 27). */
export async function confirmMobile(body: ConfirmMobileBody): Promise<AccountUser & { message: string | undefined }> {
  const response = await api.post<unknown>('/account/mobile/confirm', body);
  return { ...(await schemas()).AccountUserSchema.parse(response.data), message: response.message };
}

export function useConfirmMobile() {
  return useMutation({ mutationFn: confirmMobile, onSuccess: ({ user }) => useSessionStore.getState().updateUser(user) });
}
