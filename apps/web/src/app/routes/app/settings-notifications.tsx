import { routeByName } from '@linkup/contract';
import { DeviceNotificationSettings, NotificationSettingsTable } from '@/features/settings/components/notification-settings';
import { PageHeader } from '@/components/page-header';

/** /app/settings/notifications — push and in-app switches per notification type, sounds and push on this device. */
export function SettingsNotificationsRoute() {
  return (
    <section className="settings-page">
      <PageHeader title={routeByName('app.settings.notifications').title} subtitle="Changes are saved as you make them." />
      <NotificationSettingsTable />
      <DeviceNotificationSettings />
    </section>
  );
}
