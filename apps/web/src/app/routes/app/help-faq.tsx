import { routeByName } from '@linkup/contract';
import { FaqBrowser } from '@/features/help/components/faq-browser';
import { PageHeader } from '@/components/page-header';

/** /app/help/faq — the searchable questions and answers. */
export function HelpFaqRoute() {
  return (
    <section className="help-page">
      <PageHeader title={routeByName('app.help.faq').title} subtitle="Answers to the questions members ask most." />
      <FaqBrowser />
    </section>
  );
}
