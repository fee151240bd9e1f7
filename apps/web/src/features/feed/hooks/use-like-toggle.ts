import { FRIENDLY_MESSAGES, applyLikeToggle, friendlyMessage, type FeedPage, type FeedPost, type PostLikeResult } from '@linkup/contract';
import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { toast } from '@/lib/toast';
import { likePost, unlikePost } from '@/features/feed/api/like-post';
import { feedKeys, type FeedFilterValues } from '@/features/feed/api/keys';
import { patchPost } from '@/features/feed/utils/posts';
import { isApiClientError } from '@/lib/api-client';

/** Shows a change of a post where the page keeps it. */
export type PostPatcher = (queryClient: QueryClient, postId: string, change: Partial<FeedPost>) => void;

/** A post in the feed's pages (with these filters). */
export const inFeed = (filters: FeedFilterValues): PostPatcher => (queryClient, postId, change) =>
  queryClient.setQueryData<InfiniteData<FeedPage>>(feedKeys.posts(filters), (data) => patchPost(data, postId, change));

/** The one post of the post page (issue 32). */
export const singlePost: PostPatcher = (queryClient, postId, change) =>
  queryClient.setQueryData<FeedPost>(feedKeys.post(postId), (post) => (post ? { ...post, ...change } : post));

/**
 * Like and unlike a post of the feed or of the post page (spec §4 "Feed"): shown at once (is_liked flips, the count
 * moves by one, never below 0), then set to what the server says; put back if the call fails.
 * Every tap counts: a tap while a call for the same post is still on its way is shown at once too,
 * and once that call returns the server is brought to the last state the member chose (one call
 * per post at a time, so the answers cannot arrive out of order).
 */
export function useLikeToggle(patcher: PostPatcher) {
  const queryClient = useQueryClient();
  /** Post id → the like state the member chose last, while calls for it are under way. */
  const wanted = useRef(new Map<string, boolean>());

  return useCallback(async (post: FeedPost) => {
    const patch = (change: Partial<FeedPost>) => patcher(queryClient, post.id, change);
    const liked = !post.is_liked;
    patch(applyLikeToggle(post, liked));
    const running = wanted.current.has(post.id);
    wanted.current.set(post.id, liked);
    if (running) return;

    const before = { is_liked: post.is_liked, likes_count: post.likes_count };
    try {
      let sent: boolean | undefined;
      let result: PostLikeResult | undefined;
      while (wanted.current.get(post.id) !== sent) {
        sent = wanted.current.get(post.id) as boolean;
        result = sent ? await likePost(post.id) : await unlikePost(post.id);
      }
      if (result) patch({ is_liked: result.is_liked, likes_count: result.likes_count });
    } catch (error) {
      patch(before);
      toast.error(isApiClientError(error) ? friendlyMessage(error) : FRIENDLY_MESSAGES.fallback);
    } finally {
      wanted.current.delete(post.id);
    }
  }, [patcher, queryClient]);
}
