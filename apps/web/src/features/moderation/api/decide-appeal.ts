import type { AppealDecisionBody, ModerationAppeal } from '@linkup/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moderationKeys } from '@/features/moderation/api/keys';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** POST /moderation/appeals/{id}/decision { outcome, statement } → the decided appeal; 403 same_moderator for the original moderator. */
export async function decideAppeal({ appealId, body }: { appealId: string; body: AppealDecisionBody }): Promise<ModerationAppeal> {
  const response = await api.post<unknown>(`/moderation/appeals/${encodeURIComponent(appealId)}/decision`, body);
  return (await schemas()).ModerationAppealSchema.parse(response.data);
}

export function useDecideAppeal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: decideAppeal, onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }) });
}
