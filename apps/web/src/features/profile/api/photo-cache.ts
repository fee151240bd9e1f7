import type { PhotoList } from '@linkup/contract';
import type { QueryClient } from '@tanstack/react-query';
import { profileKeys } from '@/features/profile/api/keys';
import { avatarOf, syncSessionUser } from '@/features/profile/api/sync-session';

/** After any photo change: the new list in the cache, the profile (completion) refetched, the avatar updated. */
export function applyPhotos(queryClient: QueryClient, list: PhotoList): void {
  queryClient.setQueryData(profileKeys.photos(), list);
  void queryClient.invalidateQueries({ queryKey: profileKeys.me() });
  syncSessionUser({ avatar_url: avatarOf(list.photos) });
}
