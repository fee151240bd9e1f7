import { type BlockedMember } from '@linkup/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { safetyKeys } from '@/features/safety/api/keys';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** POST /users/{id}/block → the member as my blocked list shows them, and the server's message. */
export async function blockMember(memberId: string): Promise<{ member: BlockedMember; message: string | undefined }> {
  const response = await api.post<unknown>(`/users/${encodeURIComponent(memberId)}/block`, {});
  return { member: (await schemas()).BlockedMemberSchema.parse(response.data), message: response.message };
}

export function useBlockMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: safetyKeys.blocks() }),
  });
}
