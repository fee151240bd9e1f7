import '@/features/notifications/notifications.css';
import { routeByName } from '@linkup/contract';
import { PageHeader } from '@/components/page-header';
import { NotificationsPanel } from '@/features/notifications/components/notifications-panel';

/** /app/notifications — the inbox the header's bell opens (issue 32; it was a view of the Feed). */
export function NotificationsScreen() {
  return (
    <section className="notifications-page">
      <PageHeader title={routeByName('app.notifications').title} />
      <NotificationsPanel />
    </section>
  );
}
