import { STANDING_PATH, routeByName } from '@linkup/contract';
import { Link } from 'react-router';
import { AccountSettings } from '@/features/settings/components/account-settings';
import { PageHeader } from '@/components/page-header';

/** /app/settings/account — e-mail, mobile, password, devices, my data, deleting the account. */
export function SettingsAccountRoute() {
  return (
    <section className="settings-page">
      <PageHeader title={routeByName('app.settings.account').title} subtitle="Your sign-in details and your data." />
      <p className="settings-standing-link">
        <Link to={STANDING_PATH}>
          <i className="pi pi-shield" aria-hidden="true" /> {routeByName('app.account.standing').title}: your standing, moderators' decisions and appeals
        </Link>
      </p>
      <AccountSettings />
    </section>
  );
}
