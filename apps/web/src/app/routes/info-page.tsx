import { routeByName, type RouteName } from '@linkup/contract';
import { pageCopy } from '@/app/routes/page-copy';
import { PageHeader } from '@/components/page-header';

/**
 * A placeholder: the page's title and what it is for, until its own screen replaces it. Marked
 * `data-placeholder`, so tests can tell it from a real screen: the web router test and the
 * end-to-end page checks fail for any route that shows it and is not in the contract's
 * SCREENS_TO_BUILD.
 */
export function InfoPage({ name }: { name: RouteName }) {
  const route = routeByName(name);
  const copy = pageCopy(name);
  return (
    <section className="info-page" data-placeholder={name}>
      <PageHeader title={route.title} />
      <div className="info-card">
        <span className="info-card-icon" aria-hidden="true"><i className={`pi ${copy.icon}`} /></span>
        <p className="info-card-text">{copy.description}</p>
      </div>
    </section>
  );
}
