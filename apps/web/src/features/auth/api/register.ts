import { type RegisterBody, type Session } from '@linkup/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** POST /auth/register {name, email, mobile, password, …} → 201 data.token and data.user. */
export async function register(body: RegisterBody): Promise<Session> {
  const response = await api.post<unknown>('/auth/register', body);
  return (await schemas()).SessionSchema.parse(response.data);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
