import { type PhoneRegisterBody, type Session } from '@linkup/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** POST /auth/register/phone {signup_token, name, date_of_birth, gender, …} → 201 data.token and data.user (issue 32). */
export async function registerPhone(body: PhoneRegisterBody): Promise<Session> {
  const response = await api.post<unknown>('/auth/register/phone', body);
  return (await schemas()).SessionSchema.parse(response.data);
}

export function useRegisterPhone() {
  return useMutation({ mutationFn: registerPhone });
}
