import type { DecisionBody, DecisionResult } from '@linkup/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moderationKeys } from '@/features/moderation/api/keys';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** POST /moderation/reports/{id}/decision → the decision (a statement of reasons goes to the member). */
export async function decideReport({ reportId, body }: { reportId: string; body: DecisionBody }): Promise<DecisionResult> {
  const response = await api.post<unknown>(`/moderation/reports/${encodeURIComponent(reportId)}/decision`, body);
  return (await schemas()).DecisionResultSchema.parse(response.data);
}

export function useDecideReport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: decideReport, onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }) });
}
