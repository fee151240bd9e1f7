import { routeByName } from '@linkup/contract';
import { TermsOfService } from '@/features/help/components/legal/terms-of-service';
import { PageHeader } from '@/components/page-header';

/** /app/terms */
export function TermsRoute() {
  return (
    <section className="help-page">
      <PageHeader title={routeByName('app.terms').title} />
      <TermsOfService />
    </section>
  );
}
