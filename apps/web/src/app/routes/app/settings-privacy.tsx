import { routeByName } from '@linkup/contract';
import { PrivacySettingsForm } from '@/features/settings/components/privacy-settings';
import { PageHeader } from '@/components/page-header';

/** /app/settings/privacy — what others see of me and who may message me (saved as I change it). */
export function SettingsPrivacyRoute() {
  return (
    <section className="settings-page">
      <PageHeader title={routeByName('app.settings.privacy').title} subtitle="Changes are saved as you make them." />
      <PrivacySettingsForm />
    </section>
  );
}
