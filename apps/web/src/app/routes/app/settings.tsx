import { routeByName } from '@linkup/contract';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { SettingsMenu } from '@/features/settings/components/settings-menu';
import { PageHeader } from '@/components/page-header';

/** /app/settings — where every setting lives, and Sign out (the auth feature's logout). */
export function SettingsRoute() {
  const logout = useLogout();
  return (
    <section className="settings-page">
      <PageHeader title={routeByName('app.settings').title} />
      <SettingsMenu onSignOut={logout} />
    </section>
  );
}
