import { type SessionUser } from '@linkup/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** GET /auth/user → data.user: the signed-in member (also the start-up token check, spec §4). */
export async function getAuthUser(signal?: AbortSignal): Promise<SessionUser> {
  const response = await api.get<unknown>('/auth/user', undefined, { signal });
  return (await schemas()).AccountUserSchema.parse(response.data).user;
}

export const authUserQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'user'], queryFn: ({ signal }) => getAuthUser(signal) });

export function useAuthUser(options: { enabled?: boolean } = {}) {
  return useQuery({ ...authUserQueryOptions(), ...options });
}
