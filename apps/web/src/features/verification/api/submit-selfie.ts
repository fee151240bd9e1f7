import type { VerificationResult } from '@linkup/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { verificationKeys } from '@/features/verification/api/keys';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

export interface SelfieInput {
  challengeId: string;
  /** One image per pose, in the challenge's order. */
  images: readonly Blob[];
}

/** POST /verification/selfie (multipart: `challenge_id`, then one image per pose in order) → the outcome. */
export async function submitSelfie({ challengeId, images }: SelfieInput): Promise<VerificationResult> {
  const form = new FormData();
  form.append('challenge_id', challengeId);
  images.forEach((image, i) => form.append('selfie', image, `selfie-${i + 1}.jpg`));
  const response = await api.post<unknown>('/verification/selfie', form);
  return (await schemas()).VerificationResultSchema.parse(response.data);
}

export function useSubmitSelfie() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitSelfie,
    // Status and attempts left changed; the badge shows wherever the member's own data is loaded.
    onSettled: () => queryClient.invalidateQueries({ queryKey: verificationKeys.all }),
  });
}
