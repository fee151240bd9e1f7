import { type OwnProfile } from '@linkup/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileKeys } from '@/features/profile/api/keys';
import { schemas } from '@/lib/schemas';

/** GET /profile → the member's own full profile with its completion. */
export async function getProfile(signal?: AbortSignal): Promise<OwnProfile> {
  const response = await api.get<unknown>('/profile', undefined, { signal });
  return (await schemas()).OwnProfileSchema.parse(response.data);
}

export const profileQueryOptions = () => queryOptions({ queryKey: profileKeys.me(), queryFn: ({ signal }) => getProfile(signal) });

/** The signed-in member's own profile (photos, interests, completion included). */
export function useProfile() {
  return useQuery(profileQueryOptions());
}
