import { notificationActionPath, notificationMemberId, type PushData } from '@linkup/contract';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { likeMember } from '@/features/matching/api/like-member';
import { NotificationCard } from '@/features/notifications/components/notification-card';
import { useInAppNotifications } from '@/features/notifications/hooks/use-in-app-notifications';
import { useNativePush } from '@/features/notifications/hooks/use-native-push';
import { useNotificationCardStore } from '@/features/notifications/stores/notification-card-store';

/**
 * Notifications, mounted once: push setup (native and Web Push), the in-app card for notifications
 * on the member's socket and for pushes that arrive while the app is open, and what a card button or a tapped push does — spec §2's action routing, and
 * Like Back liking that member (a match opens the match page).
 */
export function NotificationCenter() {
  const navigate = useNavigate();
  const showCard = useNotificationCardStore((s) => s.show);

  const act = useCallback(
    (action: string, data: PushData) => {
      if (action === 'dismiss') return;
      if (action === 'like_back') {
        const memberId = notificationMemberId(data);
        // A free member's liker is hidden: the Premium page says what unlocks them (issue 32).
        if (!memberId) {
          void navigate(notificationActionPath(action, data));
          return;
        }
        likeMember(memberId)
          .then((result) => {
            if (result.matched && result.match) void navigate(`/app/match/${result.match.id}`);
          })
          .catch((error: unknown) => toast.error(error instanceof Error ? error.message : String(error)));
        return;
      }
      void navigate(notificationActionPath(action, data));
    },
    [navigate],
  );

  useNativePush({ onForeground: showCard, onOpened: act });
  useInAppNotifications();
  return <NotificationCard onAction={act} />;
}
