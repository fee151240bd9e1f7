import type { Photo, SessionUser } from '@linkup/contract';
import { useSessionStore } from '@/lib/session-store';

/** Keeps the stored session user (header name and avatar) in step with profile changes. */
export function syncSessionUser(changes: Partial<Pick<SessionUser, 'name' | 'avatar_url'>>): void {
  const { user, updateUser } = useSessionStore.getState();
  if (!user) return;
  const next = { ...user, ...changes };
  if (next.name !== user.name || next.avatar_url !== user.avatar_url) updateUser(next);
}

/** The header avatar of a photo list: the main photo's thumbnail, or none. */
export function avatarOf(photos: readonly Photo[]): string | null {
  return photos.find((p) => p.is_primary)?.sizes.thumb ?? null;
}
