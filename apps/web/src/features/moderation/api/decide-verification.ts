import type { VerificationReview, VerificationReviewDecisionBody } from '@linkup/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moderationKeys } from '@/features/moderation/api/keys';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** POST /moderation/verifications/{id}/decision → the review, closed (approve gives the badge; reject needs a reason). */
export async function decideVerification({ id, body }: { id: string; body: VerificationReviewDecisionBody }): Promise<VerificationReview> {
  const response = await api.post<unknown>(`/moderation/verifications/${encodeURIComponent(id)}/decision`, body);
  return (await schemas()).VerificationReviewSchema.parse(response.data);
}

export function useDecideVerification() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: decideVerification, onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }) });
}
