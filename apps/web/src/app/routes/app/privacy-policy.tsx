import { routeByName } from '@linkup/contract';
import { PrivacyPolicy } from '@/features/help/components/legal/privacy-policy';
import { PageHeader } from '@/components/page-header';

/** /app/privacy-policy */
export function PrivacyPolicyRoute() {
  return (
    <section className="help-page">
      <PageHeader title={routeByName('app.privacy-policy').title} />
      <PrivacyPolicy />
    </section>
  );
}
