import { type ChangePasswordBody, type LogoutOthers } from '@linkup/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';
import { useSessionStore } from '@/lib/session-store';

/** PUT /account/password → how many other sessions were signed out. */
export async function changePassword(body: ChangePasswordBody): Promise<LogoutOthers & { message: string | undefined }> {
  const response = await api.put<unknown>('/account/password', body);
  return { ...(await schemas()).LogoutOthersSchema.parse(response.data), message: response.message };
}

/** Once it succeeds the account has a password: a first one set here makes the forms ask for it from now on. */
export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      const { user, updateUser } = useSessionStore.getState();
      if (user && user.has_password === false) updateUser({ ...user, has_password: true });
    },
  });
}
