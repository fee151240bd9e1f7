import { type LogoutOthers } from '@linkup/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** POST /account/logout-others → every other device is signed out; this one stays. */
export async function logoutOthers(): Promise<LogoutOthers & { message: string | undefined }> {
  const response = await api.post<unknown>('/account/logout-others');
  return { ...(await schemas()).LogoutOthersSchema.parse(response.data), message: response.message };
}

export function useLogoutOthers() {
  return useMutation({ mutationFn: logoutOthers });
}
