import type { VerificationReview } from '@linkup/contract';
import { useQuery } from '@tanstack/react-query';
import { moderationKeys } from '@/features/moderation/api/keys';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** GET /moderation/verifications/{id} → a borderline photo verification: selfies (data URLs), profile photos, scores (issue 31). */
export async function getVerificationReview(id: string, signal?: AbortSignal): Promise<VerificationReview> {
  const response = await api.get<unknown>(`/moderation/verifications/${encodeURIComponent(id)}`, undefined, { signal });
  return (await schemas()).VerificationReviewSchema.parse(response.data);
}

export function useVerificationReview(id: string) {
  return useQuery({ queryKey: moderationKeys.verification(id), queryFn: ({ signal }) => getVerificationReview(id, signal) });
}
