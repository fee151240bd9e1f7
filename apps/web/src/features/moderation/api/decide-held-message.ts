import type { HeldMessageResult } from '@linkup/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moderationKeys } from '@/features/moderation/api/keys';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** POST /moderation/held-messages/{id}/release or /reject → the message's new status. */
export async function decideHeldMessage({ id, verdict }: { id: string; verdict: 'release' | 'reject' }): Promise<HeldMessageResult> {
  const response = await api.post<unknown>(`/moderation/held-messages/${encodeURIComponent(id)}/${verdict}`, {});
  return (await schemas()).HeldMessageResultSchema.parse(response.data);
}

export function useDecideHeldMessage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: decideHeldMessage, onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }) });
}
