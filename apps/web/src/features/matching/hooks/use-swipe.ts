import type { MatchStats, SwipeAction, SwipeResult } from '@linkup/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { likeMember } from '@/features/matching/api/like-member';
import { passMember } from '@/features/matching/api/pass-member';
import { superLikeMember } from '@/features/matching/api/super-like-member';
import { matchingKeys, refreshMatchingLists } from '@/features/matching/api/keys';
import { offerPush } from '@/lib/push-token';

export interface SwipeRequest {
  userId: string;
  action: SwipeAction;
}

const CALLS: Record<SwipeAction, (userId: string) => Promise<SwipeResult>> = {
  like: likeMember,
  super_like: superLikeMember,
  pass: passMember,
};

/** Like, super like or pass: keeps today's numbers in the cache and refreshes the lists it changes. */
export function useSwipe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, action }: SwipeRequest) => CALLS[action](userId),
    onSuccess: (result) => {
      queryClient.setQueryData<MatchStats>(matchingKeys.stats(), (stats) =>
        stats && { ...stats, likes_left_today: result.likes_left, super_likes_left_today: result.super_likes_left });
      void refreshMatchingLists(queryClient, { keepStats: !result.matched });
      // A match is a moment that makes sense to offer push (issue 32 item 7).
      if (result.matched) offerPush();
    },
  });
}
