import { VerifiedBadge } from '@/components/verified-badge';
import '@/features/matching/matching.css';
import { routeByName } from '@linkup/contract';
import { Button } from '@/components/button';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { useVisitors } from '@/features/matching/api/get-visitors';
import { EmptyState } from '@/features/matching/components/empty-state';
import { LoadFailed, Loading } from '@/components/load-state';
import { LockedGrid } from '@/features/matching/components/locked-grid';
import { MemberPhoto } from '@/features/matching/components/member-photo';
import { nameAndAge } from '@/features/matching/utils/member';
import { matchingPaths } from '@/features/matching/utils/paths';
import { plural, relativeTime } from '@/lib/format';

/** /app/visitors: who viewed my profile — the list for premium, the count and a blurred grid otherwise. */
export function VisitorsScreen() {
  return (
    <section className="match-page">
      <PageHeader title={routeByName('app.visitors').title} />
      <VisitorsList />
    </section>
  );
}

function VisitorsList() {
  const visitors = useVisitors();
  if (visitors.isPending) return <Loading label="Loading your visitors" />;
  if (visitors.isError && !visitors.data) return <LoadFailed what="Your visitors" onRetry={() => void visitors.refetch()} />;
  const first = visitors.data.pages[0]!;
  if (first.count === 0) {
    return (
      <EmptyState icon="pi-eye" title="No visitors yet" text="When someone views your profile, you will see it here. Liking people is a good way to get noticed.">
        <Link to={matchingPaths.discover} className="btn-link-primary"><i className="pi pi-compass" aria-hidden="true" /> Discover people</Link>
      </EmptyState>
    );
  }
  if (first.locked) {
    return (
      <LockedGrid placeholders={first.placeholders} title={`${plural(first.count, 'person', 'people')} viewed your profile`}
        text="Upgrade to Premium to see who visited you." />
    );
  }
  const items = visitors.data.pages.flatMap((p) => p.items);
  return (
    <>
      <p className="match-count">{plural(first.count, 'visit')} to your profile</p>
      <ul className="match-list" aria-label="Profile visitors">
        {items.map((visit) => (
          <li key={`${visit.user.id}-${visit.visited_at}`} className="match-row">
            <Link to={matchingPaths.user(visit.user.id)} className="match-row-main">
              <MemberPhoto src={visit.user.photo?.thumb} name={visit.user.name} className="match-row-photo" />
              <span className="match-row-text">
                <span className="match-row-name">{nameAndAge(visit.user)}<VerifiedBadge verified={visit.user.is_verified} /></span>
                <span className="match-row-meta">
                  {visit.user.city && <>{visit.user.city} · </>}
                  <time dateTime={visit.visited_at}>{relativeTime(visit.visited_at)}</time>
                </span>
              </span>
              <i className="pi pi-chevron-right match-row-chevron" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
      {visitors.hasNextPage && (
        <Button type="button" label="Show more" className="match-button match-button--ghost match-more"
          loading={visitors.isFetchingNextPage} onClick={() => void visitors.fetchNextPage()} />
      )}
    </>
  );
}
