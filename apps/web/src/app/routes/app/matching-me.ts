import { useProfile } from '@/features/profile/api/get-profile';
import type { MatchingMe } from '@/features/matching/utils/member';

/** The signed-in member's name and main photo (profile feature) for the matching screens' match celebration. */
export function useMatchingMe(): MatchingMe | undefined {
  const profile = useProfile();
  if (!profile.data) return undefined;
  const primary = profile.data.photos.find((p) => p.is_primary) ?? profile.data.photos[0];
  return { name: profile.data.name, photo: primary?.sizes.medium ?? null };
}
