import type { DecisionBody, DecisionResult } from '@linkup/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moderationKeys } from '@/features/moderation/api/keys';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** POST /moderation/members/{id}/actions → the same actions as a report's decision, without a report. */
export async function actOnMember({ memberId, body }: { memberId: string; body: DecisionBody }): Promise<DecisionResult> {
  const response = await api.post<unknown>(`/moderation/members/${encodeURIComponent(memberId)}/actions`, body);
  return (await schemas()).DecisionResultSchema.parse(response.data);
}

export function useActOnMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: actOnMember, onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }) });
}
