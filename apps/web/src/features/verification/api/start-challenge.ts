import type { VerificationChallenge } from '@linkup/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** POST /verification/challenge → two poses to make, open for 5 minutes (one open challenge per member). */
export async function startChallenge(): Promise<VerificationChallenge> {
  const response = await api.post<unknown>('/verification/challenge');
  return (await schemas()).VerificationChallengeSchema.parse(response.data);
}

export function useStartChallenge() {
  return useMutation({ mutationFn: startChallenge });
}
