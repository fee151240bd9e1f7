import type { ModerationMemberDetail } from '@linkup/contract';
import { useQuery } from '@tanstack/react-query';
import { moderationKeys } from '@/features/moderation/api/keys';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** GET /moderation/members/{id} → standing, strikes, reports against and filed, decisions. */
export async function getModerationMember(id: string, signal?: AbortSignal): Promise<ModerationMemberDetail> {
  const response = await api.get<unknown>(`/moderation/members/${encodeURIComponent(id)}`, undefined, { signal });
  return (await schemas()).ModerationMemberDetailSchema.parse(response.data);
}

export function useModerationMember(id: string) {
  return useQuery({ queryKey: moderationKeys.member(id), queryFn: ({ signal }) => getModerationMember(id, signal) });
}
