import { MATCHING_MESSAGES, type Boost } from '@linkup/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { matchingKeys } from '@/features/matching/api/keys';
import { schemas } from '@/lib/schemas';

/** POST /matches/boost-profile → shown first in discover until `active_until` (premium, weekly; 402/409/429 otherwise). */
export async function boostProfile(): Promise<Boost & { message: string }> {
  const response = await api.post<unknown>('/matches/boost-profile');
  return { ...(await schemas()).BoostSchema.parse(response.data), message: response.message ?? MATCHING_MESSAGES.boosted };
}

export function useBoostProfile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: boostProfile, onSuccess: () => queryClient.invalidateQueries({ queryKey: matchingKeys.stats() }) });
}
