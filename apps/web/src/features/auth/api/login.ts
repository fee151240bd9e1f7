import { type Session } from '@linkup/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { LoginCredentials } from '@/features/auth/utils/login-credentials';
import { schemas } from '@/lib/schemas';

/** POST /auth/login {email or mobile, password} → data.token and data.user (spec §7). */
export async function login(credentials: LoginCredentials): Promise<Session> {
  const response = await api.post<unknown>('/auth/login', credentials);
  return (await schemas()).SessionSchema.parse(response.data);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
