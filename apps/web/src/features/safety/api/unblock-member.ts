import { useMutation, useQueryClient } from '@tanstack/react-query';
import { safetyKeys } from '@/features/safety/api/keys';
import { api } from '@/lib/api-client';

/** DELETE /users/{id}/block → the server's message. */
export async function unblockMember(memberId: string): Promise<string | undefined> {
  const response = await api.delete<unknown>(`/users/${encodeURIComponent(memberId)}/block`);
  return response.message;
}

export function useUnblockMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: safetyKeys.blocks() }),
  });
}
