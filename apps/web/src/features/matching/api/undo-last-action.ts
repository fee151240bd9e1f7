import { type UndoResult } from '@linkup/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshMatchingLists } from '@/features/matching/api/keys';
import { schemas } from '@/lib/schemas';

/** POST /matches/undo-last-action → the like or pass taken back (premium; 402 for free members, 409 when nothing to undo). */
export async function undoLastAction(): Promise<UndoResult> {
  const response = await api.post<unknown>('/matches/undo-last-action');
  return (await schemas()).UndoResultSchema.parse(response.data);
}

export function useUndoLastAction() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: undoLastAction, onSuccess: () => refreshMatchingLists(queryClient) });
}
