import { ResumeRefresh } from '@/app/resume-refresh';
import { ChatUnreadSync } from '@/features/chat/components/chat-unread-sync';
import { FeedBadgeSync } from '@/features/feed/components/feed-badge-sync';
import { MatchNotificationsSync } from '@/features/matching/components/match-notifications-sync';
import { PremiumSync } from '@/features/subscriptions/components/premium-sync';

/**
 * The shell's invisible syncs: tab badges, matches made by others, premium changes and the refresh
 * after the app was in the background, each mounted once.
 */
export function ShellSyncs() {
  return (
    <>
      <ChatUnreadSync />
      <FeedBadgeSync />
      <MatchNotificationsSync />
      <PremiumSync />
      <ResumeRefresh />
    </>
  );
}
