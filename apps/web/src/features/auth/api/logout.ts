import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /auth/logout: revokes this session's token on the server (spec §7). */
export async function logout(): Promise<void> {
  await api.post<null>('/auth/logout');
}

export function useLogoutRequest() {
  return useMutation({ mutationFn: logout });
}
