import { routeByName } from '@linkup/contract';
import { Link } from 'react-router';
import { badgeText } from '@/lib/format';
import { useUnreadStore } from '@/lib/unread-store';

const INBOX_PATH = routeByName('app.notifications').path;

/** The header's bell (issue 32): opens the notifications inbox, with its unread badge. */
export function NotificationsBell() {
  const unread = useUnreadStore((s) => s.unreadNotifications);
  return (
    <Link to={INBOX_PATH} className="header-bell" aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}>
      <i className="pi pi-bell" aria-hidden="true" />
      {unread > 0 && <span className="tab-badge header-bell-badge" data-testid="bell-badge" aria-hidden="true">{badgeText(unread)}</span>}
    </Link>
  );
}
