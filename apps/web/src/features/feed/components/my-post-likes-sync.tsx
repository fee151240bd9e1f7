import { useMyPostLikes } from '@/features/feed/hooks/use-my-post-likes';

/** Invisible: mounted once in the app shell so my post's like count follows new likes. */
export function MyPostLikesSync() {
  useMyPostLikes();
  return null;
}
