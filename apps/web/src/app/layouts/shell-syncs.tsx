import type { TabKey } from '@linkup/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ResumeRefresh } from '@/app/resume-refresh';
import { ChatUnreadSync } from '@/features/chat/components/chat-unread-sync';
import { MyPostLikesSync } from '@/features/feed/components/my-post-likes-sync';
import { refreshMatchingLists } from '@/features/matching/api/keys';
import { MatchNotificationsSync } from '@/features/matching/components/match-notifications-sync';
import { NotificationsBadgeSync } from '@/features/notifications/components/notifications-badge-sync';
import { useTabSeen } from '@/features/notifications/hooks/use-tab-seen';
import { PremiumSync } from '@/features/subscriptions/components/premium-sync';

/**
 * The shell's invisible syncs: tab badges, matches made by others, premium changes and the refresh
 * after the app was in the background, each mounted once; and the open tab's badge, seen.
 */
export function ShellSyncs({ activeTab }: { activeTab?: TabKey | undefined }) {
  useTabSeen(activeTab);
  const queryClient = useQueryClient();
  // Premium unlocks (or locks) likes and visitors: those lists reload when it changes.
  const refreshLists = useCallback(() => void refreshMatchingLists(queryClient), [queryClient]);
  return (
    <>
      <ChatUnreadSync />
      <NotificationsBadgeSync />
      <MyPostLikesSync />
      <MatchNotificationsSync />
      <PremiumSync onChanged={refreshLists} />
      <ResumeRefresh />
    </>
  );
}
