import { type ChangePasswordBody, type LogoutOthers } from '@linkup/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** PUT /account/password → how many other sessions were signed out. */
export async function changePassword(body: ChangePasswordBody): Promise<LogoutOthers & { message: string | undefined }> {
  const response = await api.put<unknown>('/account/password', body);
  return { ...(await schemas()).LogoutOthersSchema.parse(response.data), message: response.message };
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
