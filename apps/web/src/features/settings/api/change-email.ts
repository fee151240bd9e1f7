import { type AccountUser, type ChangeEmailBody } from '@linkup/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';
import { schemas } from '@/lib/schemas';

/** PUT /account/email {email, current_password} → my updated user (the new address is unverified). */
export async function changeEmail(body: ChangeEmailBody): Promise<AccountUser & { message: string | undefined }> {
  const response = await api.put<unknown>('/account/email', body);
  return { ...(await schemas()).AccountUserSchema.parse(response.data), message: response.message };
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail, onSuccess: ({ user }) => useSessionStore.getState().updateUser(user) });
}
