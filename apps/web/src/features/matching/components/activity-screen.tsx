import '@/features/matching/matching.css';
import { routeByName, type ActivityItem } from '@linkup/contract';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { useActivity } from '@/features/matching/api/get-activity';
import { EmptyState } from '@/features/matching/components/empty-state';
import { LoadFailed, Loading } from '@/components/load-state';
import { MemberPhoto } from '@/features/matching/components/member-photo';
import { ACTIVITY_TYPES, groupByDay } from '@/features/matching/utils/activity';
import { matchingPaths } from '@/features/matching/utils/paths';
import { DISPLAY_LOCALE } from '@/lib/format';

const clock = new Intl.DateTimeFormat(DISPLAY_LOCALE, { hour: 'numeric', minute: '2-digit' });

/** /app/activity: my recent likes, matches, visits and super likes received, grouped by day. */
export function ActivityScreen() {
  return (
    <section className="match-page">
      <PageHeader title={routeByName('app.activity').title} />
      <Timeline />
    </section>
  );
}

function Timeline() {
  const activity = useActivity();
  if (activity.isPending) return <Loading label="Loading your activity" />;
  if (activity.isError) return <LoadFailed what="Your activity" onRetry={() => void activity.refetch()} />;
  const days = groupByDay(activity.data);
  if (days.length === 0) {
    return (
      <EmptyState icon="pi-history" title="Nothing here yet" text="Your likes, matches and profile visits will show up here.">
        <Link to={matchingPaths.discover} className="btn-link-primary"><i className="pi pi-compass" aria-hidden="true" /> Discover people</Link>
      </EmptyState>
    );
  }
  return (
    <div className="activity-timeline">
      {days.map((day) => (
        <section key={day.key} className="activity-day" aria-labelledby={`activity-${day.key}`}>
          <h2 id={`activity-${day.key}`} className="activity-day-title">{day.label}</h2>
          <ol className="activity-list">
            {day.items.map((item, i) => <ActivityEntry key={`${item.type}-${item.user.id}-${item.at}-${i}`} item={item} />)}
          </ol>
        </section>
      ))}
    </div>
  );
}

function ActivityEntry({ item }: { item: ActivityItem }) {
  const type = ACTIVITY_TYPES[item.type];
  const to = item.type === 'match' && item.match_id ? matchingPaths.match(item.match_id) : matchingPaths.user(item.user.id);
  return (
    <li className={`activity-item activity-item--${item.type}`}>
      <Link to={to} className="activity-link">
        <span className="activity-icon" aria-hidden="true"><i className={`pi ${type.icon}`} /></span>
        <MemberPhoto src={item.user.photo?.thumb} name={item.user.name} className="activity-photo" />
        <span className="activity-text">{type.text(item.user.name)}</span>
        <time className="activity-time" dateTime={item.at}>{clock.format(new Date(item.at))}</time>
      </Link>
    </li>
  );
}
