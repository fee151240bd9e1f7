import {
  FEED_ERRORS, NOTIFICATION_FALLBACK_LABEL, NOTIFICATION_TYPE_LABELS, notificationActionPath, type FeedNotification, type FeedNotifications,
} from '@linkup/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Loading } from '@/components/load-state';
import { useNotifications } from '@/features/notifications/api/get-notifications';
import { refreshUnreadCount } from '@/features/notifications/api/get-unread-count';
import { notificationKeys } from '@/features/notifications/api/keys';
import { markNotification } from '@/features/notifications/api/mark-notification';
import { initials, relativeTime } from '@/lib/format';
import { mediaUrl } from '@/lib/media-url';

const TYPE_ICONS: Record<string, string> = {
  post_like: 'pi-heart-fill', like: 'pi-heart', super_like: 'pi-star-fill', match: 'pi-users', super_match: 'pi-star',
  profile_view: 'pi-eye', message: 'pi-comment', new_message: 'pi-comment',
};

/** The member a notification is about: viewer, sender or user, whichever it names (none when hidden). */
function actorOf(item: FeedNotification) {
  const d = item.data;
  return {
    name: d.viewer_name ?? d.sender_name ?? d.username ?? '',
    image: d.viewer_image ?? d.sender_image ?? d.user_image ?? null,
  };
}

function withRead(data: FeedNotifications | undefined, read: ReadonlyMap<string, FeedNotification>): FeedNotifications | undefined {
  if (!data) return data;
  const items = data.items.map((item) => read.get(item.id) ?? item);
  return { ...data, items, unread_count: Math.max(0, data.unread_count - read.size) };
}

/**
 * The notifications inbox the header's bell opens (spec §3, §4; issue 32): newest first; unread items are marked
 * (they stay marked "New" while the view is open) and marked read on the server once seen;
 * opening one marks it clicked and goes where its action leads (spec §2 action routing; a hidden
 * member leads to what Premium unlocks, a view to Profile Visitors, a like on my post to the post).
 */
export function NotificationsPanel() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notifications = useNotifications();
  const [fresh, setFresh] = useState<ReadonlySet<string>>(() => new Set());
  const marking = useRef(new Set<string>());

  const { isError, errorUpdatedAt } = notifications;
  useEffect(() => {
    if (isError) toast.error(FEED_ERRORS.loadNotifications);
  }, [isError, errorUpdatedAt]);

  // Seen: every unread item shown is marked read (once), and the badge follows.
  const items = notifications.data?.items;
  useEffect(() => {
    const unread = (items ?? []).filter((n) => !n.is_read && !marking.current.has(n.id));
    if (unread.length === 0) return;
    for (const n of unread) marking.current.add(n.id);
    setFresh((current) => new Set([...current, ...unread.map((n) => n.id)]));
    void Promise.allSettled(unread.map((n) => markNotification(n.id, 'read'))).then((results) => {
      const read = new Map<string, FeedNotification>();
      for (const result of results) if (result.status === 'fulfilled') read.set(result.value.id, result.value);
      queryClient.setQueryData<FeedNotifications>(notificationKeys.list(), (data) => withRead(data, read));
      void refreshUnreadCount(queryClient);
    });
  }, [items, queryClient]);

  const open = async (item: FeedNotification) => {
    await markNotification(item.id, 'clicked').catch((error: unknown) => console.warn('Could not mark the notification opened', error));
    navigate(notificationActionPath(item.data.action ?? 'open_app', item.data));
  };

  if (notifications.isPending) return <Loading label="Loading notifications" />;
  const list = notifications.data?.items ?? [];
  if (list.length === 0) {
    return (
      <div className="inbox-empty">
        <i className="pi pi-bell" aria-hidden="true" />
        <p className="inbox-empty-title">No notifications yet</p>
        <p>When someone likes you, matches with you or likes your post, you will see it here.</p>
      </div>
    );
  }
  return (
    <ul className="inbox" aria-label="Notifications">
      {list.map((item) => {
        const actor = actorOf(item);
        const isNew = fresh.has(item.id) || !item.is_read;
        return (
          <li key={item.id}>
            <button type="button" className={`inbox-item${isNew ? ' is-unread' : ''}`} onClick={() => void open(item)}>
              {actor.image ? (
                <img className="inbox-avatar" src={mediaUrl(actor.image)} alt="" width={44} height={44} />
              ) : (
                <span className="inbox-avatar inbox-avatar--initials" aria-hidden="true">
                  {actor.name ? initials(actor.name) : <i className={`pi ${TYPE_ICONS[item.type] ?? 'pi-bell'}`} />}
                </span>
              )}
              <span className="inbox-text">
                <span className="inbox-type">
                  <i className={`pi ${TYPE_ICONS[item.type] ?? 'pi-bell'}`} aria-hidden="true" />{' '}
                  {NOTIFICATION_TYPE_LABELS[item.type] ?? NOTIFICATION_FALLBACK_LABEL}
                </span>
                <span className="inbox-title">{item.title}</span>
                <span className="inbox-body">{item.body}</span>
              </span>
              <span className="inbox-aside">
                {isNew && <span className="inbox-new">New</span>}
                <time dateTime={item.created_at}>{relativeTime(item.created_at)}</time>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
