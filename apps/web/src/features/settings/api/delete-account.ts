import type { DeleteAccountBody } from '@linkup/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE /account {password} → the account and all its data are gone; resolves to the server's message. */
export async function deleteAccount(body: DeleteAccountBody): Promise<string | undefined> {
  const response = await api.delete<unknown>('/account', { body });
  return response.message;
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
