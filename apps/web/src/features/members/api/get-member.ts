import { type PublicProfile } from '@linkup/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { membersKeys } from '@/features/members/api/keys';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** GET /users/{id} → another member's profile as I may see it (404 when unavailable). */
export async function getMember(memberId: string, signal?: AbortSignal): Promise<PublicProfile> {
  const response = await api.get<unknown>(`/users/${encodeURIComponent(memberId)}`, undefined, { signal });
  return (await schemas()).PublicProfileSchema.parse(response.data);
}

export const memberQueryOptions = (memberId: string) =>
  queryOptions({ queryKey: membersKeys.profile(memberId), queryFn: ({ signal }) => getMember(memberId, signal) });

export function useMember(memberId: string) {
  return useQuery(memberQueryOptions(memberId));
}
