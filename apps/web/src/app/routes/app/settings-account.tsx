import { routeByName } from '@linkup/contract';
import { AccountSettings } from '@/features/settings/components/account-settings';
import { PageHeader } from '@/components/page-header';

/** /app/settings/account — e-mail, mobile, password, devices, my data, deleting the account. */
export function SettingsAccountRoute() {
  return (
    <section className="settings-page">
      <PageHeader title={routeByName('app.settings.account').title} subtitle="Your sign-in details and your data." />
      <AccountSettings />
    </section>
  );
}
