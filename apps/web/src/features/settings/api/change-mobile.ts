import { type AccountUser, type ChangeMobileBody } from '@linkup/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';
import { schemas } from '@/lib/schemas';

/** PUT /account/mobile {mobile, otp} → my updated user, on the new number. */
export async function changeMobile(body: ChangeMobileBody): Promise<AccountUser & { message: string | undefined }> {
  const response = await api.put<unknown>('/account/mobile', body);
  return { ...(await schemas()).AccountUserSchema.parse(response.data), message: response.message };
}

export function useChangeMobile() {
  return useMutation({ mutationFn: changeMobile, onSuccess: ({ user }) => useSessionStore.getState().updateUser(user) });
}
