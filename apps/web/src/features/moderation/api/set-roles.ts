import type { Role } from '@linkup/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moderationKeys } from '@/features/moderation/api/keys';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** PUT /moderation/members/{id}/roles { roles } (admins only) → the member's roles after the change. */
export async function setRoles({ memberId, roles }: { memberId: string; roles: Role[] }): Promise<{ id: string; roles: Role[] }> {
  const response = await api.put<unknown>(`/moderation/members/${encodeURIComponent(memberId)}/roles`, { roles });
  return (await schemas()).MemberRolesSchema.parse(response.data);
}

export function useSetRoles() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setRoles, onSuccess: (_, { memberId }) => queryClient.invalidateQueries({ queryKey: moderationKeys.member(memberId) }) });
}
