import { routeByName } from '@linkup/contract';
import { ContactForm } from '@/features/help/components/contact-form';
import { PageHeader } from '@/components/page-header';

/** /app/help/contact — a message to the support team. */
export function HelpContactRoute() {
  return (
    <section className="help-page">
      <PageHeader title={routeByName('app.help.contact').title} subtitle="Our support team reads every message." />
      <ContactForm />
    </section>
  );
}
