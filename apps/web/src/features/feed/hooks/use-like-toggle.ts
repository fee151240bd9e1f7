import { FRIENDLY_MESSAGES, applyLikeToggle, friendlyMessage, type FeedPage, type FeedPost } from '@linkup/contract';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { toast } from '@/lib/toast';
import { likePost, unlikePost } from '@/features/feed/api/like-post';
import { feedKeys, type FeedFilterValues } from '@/features/feed/api/keys';
import { patchPost } from '@/features/feed/utils/posts';
import { isApiClientError } from '@/lib/api-client';

/**
 * Like and unlike a post of the feed (spec §4 "Feed"): shown at once (is_liked flips, the count
 * moves by one, never below 0), then set to what the server says; put back if the call fails. A
 * like or unlike already in progress for the same post is ignored.
 */
export function useLikeToggle(filters: FeedFilterValues) {
  const queryClient = useQueryClient();
  const inProgress = useRef(new Set<string>());

  return useCallback(async (post: FeedPost) => {
    if (inProgress.current.has(post.id)) return;
    inProgress.current.add(post.id);
    const key = feedKeys.posts(filters);
    const patch = (change: Partial<FeedPost>) =>
      queryClient.setQueryData<InfiniteData<FeedPage>>(key, (data) => patchPost(data, post.id, change));
    const liked = !post.is_liked;
    patch(applyLikeToggle(post, liked));
    try {
      const result = liked ? await likePost(post.id) : await unlikePost(post.id);
      patch({ is_liked: result.is_liked, likes_count: result.likes_count });
    } catch (error) {
      patch({ is_liked: post.is_liked, likes_count: post.likes_count });
      toast.error(isApiClientError(error) ? friendlyMessage(error) : FRIENDLY_MESSAGES.fallback);
    } finally {
      inProgress.current.delete(post.id);
    }
  }, [filters, queryClient]);
}
