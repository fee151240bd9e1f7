import { routeByName } from '@linkup/contract';
import { HelpMenu } from '@/features/help/components/help-menu';
import { PageHeader } from '@/components/page-header';

/** /app/help — FAQ, Contact Us and the legal pages. */
export function HelpRoute() {
  return (
    <section className="help-page">
      <PageHeader title={routeByName('app.help').title} subtitle="Find answers or get in touch with our team." />
      <HelpMenu />
    </section>
  );
}
