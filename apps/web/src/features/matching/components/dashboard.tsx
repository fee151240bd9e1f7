import '@/features/matching/matching.css';
import { MATCHING_MESSAGES, UI_TEXTS, routeByName, type MatchStats, type ProfileCompletion } from '@linkup/contract';
import { Button } from '@/components/button';
import { ProgressBar } from '@/components/progress-bar';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { PageHeader } from '@/components/page-header';
import { useBoostProfile } from '@/features/matching/api/boost-profile';
import { useSuggested } from '@/features/matching/api/get-discover';
import { useMatches } from '@/features/matching/api/get-matches';
import { useStats } from '@/features/matching/api/get-stats';
import { useIsPremium } from '@/lib/use-is-premium';
import { useVisitors } from '@/features/matching/api/get-visitors';
import { LoadFailed } from '@/components/load-state';
import { MemberPhoto } from '@/features/matching/components/member-photo';
import { UpsellDialog } from '@/features/matching/components/upsell-dialog';
import { isPremiumRequired } from '@/features/matching/utils/errors';
import { firstName, nameAndAge } from '@/features/matching/utils/member';
import { matchingPaths } from '@/features/matching/utils/paths';
import { DISPLAY_LOCALE, plural } from '@/lib/format';
import { useAfterFirstPaint } from '@/lib/after-load';
import { useSessionStore } from '@/lib/session-store';
import { useUpgradePath } from '@/features/matching/hooks/use-upgrade-path';
import { callErrorMessage } from '@/lib/api-client';

const STRIP_SIZE = 10;
const clock = new Intl.DateTimeFormat(DISPLAY_LOCALE, { hour: 'numeric', minute: '2-digit' });

function greeting(now: Date = new Date()): string {
  const hour = now.getHours();
  return hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';
}

export interface DashboardProps {
  /** From GET /profile (the profile feature): undefined while it loads, null when it could not be had. */
  completion?: ProfileCompletion | null | undefined;
}

/**
 * /app/dashboard (Home): greeting, the upgrade banner (free members), profile nudge, today's
 * numbers, new matches, visitors, suggestions. The greeting and the banner need only the session,
 * so they show at once; the sections appear together once their first answers are in (a
 * placeholder holds the page till then), so nothing on screen moves as they arrive one by one
 * (issue #18: layout shift).
 */
export function Dashboard({ completion }: DashboardProps) {
  const name = firstName(useSessionStore((s) => s.user?.name));
  const stats = useStats();
  // The sections' own queries (the same ones they read below).
  const matches = useMatches();
  const visitors = useVisitors();
  const suggested = useSuggested();
  const answered = completion !== undefined && ![stats, matches, visitors, suggested].some((query) => query.isPending);
  // Once shown, the sections stay: a section mounting over a failed query asks for it again, which
  // makes that query pending; going back to the placeholder then would unmount the section, and the
  // next failure would mount it again — a loop of requests for as long as the endpoint fails.
  const [ready, setReady] = useState(answered);
  if (answered && !ready) setReady(true);
  // When Home opens the visit, the header and the banner (its largest text) are painted before the
  // sections are built: built together, the first paint waited for all of them, their photos and
  // the icon font (issue #18).
  const painted = useAfterFirstPaint();
  const premium = useIsPremium();
  return (
    <section className="match-page dashboard">
      <PageHeader title={routeByName('app.dashboard').title} subtitle={name ? `${greeting()}, ${name}!` : `${greeting()}!`} />
      {/* The member's plan is known with the session: the banner shows with the header, above what waits for answers. */}
      {premium === false && <UpgradeBanner />}
      {!ready || !painted ? (
        <DashboardPlaceholder />
      ) : (
        <>
          {completion && completion.percentage < 100 && <CompletionNudge completion={completion} />}
          <TodayStats stats={stats.data} failed={stats.isError && !stats.data} onRetry={() => void stats.refetch()} />
          <NewMatches />
          <WhoViewedMe />
          <Suggested />
        </>
      )}
    </section>
  );
}

/** Where the sections will be, while their first answers are on their way. */
function DashboardPlaceholder() {
  return (
    <div className="dashboard-placeholder" role="status" aria-busy="true">
      <span className="sr-only">Loading your dashboard…</span>
      {[0, 1, 2].map((i) => <div key={i} className="match-panel dashboard-placeholder-panel" aria-hidden="true" />)}
    </div>
  );
}

function CompletionNudge({ completion }: { completion: ProfileCompletion }) {
  const next = completion.missing[0];
  return (
    <section className="match-panel dashboard-nudge" aria-labelledby="nudge-title">
      <div className="dashboard-nudge-head">
        <h2 id="nudge-title" className="match-panel-title">Your profile is {completion.percentage}% complete</h2>
      </div>
      <ProgressBar value={completion.percentage} showValue={false} aria-label="Profile completion"
        aria-valuetext={`${completion.percentage}% complete`} className="dashboard-nudge-bar" />
      <p className="match-muted">Complete profiles get more matches.{next ? ` Next: ${next.label.toLowerCase()}.` : ''}</p>
      <Link to={matchingPaths.profile} className="text-link">Complete your profile <i className="pi pi-arrow-right" aria-hidden="true" /></Link>
    </section>
  );
}

function UpgradeBanner() {
  const upgradePath = useUpgradePath();
  if (!upgradePath) return null;
  return (
    <Link to={upgradePath} className="premium-banner">
      <span className="premium-banner-icon" aria-hidden="true"><i className="pi pi-crown" /></span>
      <span className="premium-banner-text">
        <strong className="premium-banner-title">{UI_TEXTS.more.upgradeTitle}</strong>
        <span className="premium-banner-body">{UI_TEXTS.more.upgradeBody}</span>
      </span>
      <i className="pi pi-chevron-right premium-banner-chevron" aria-hidden="true" />
    </Link>
  );
}

function TodayStats({ stats, failed, onRetry }: { stats: MatchStats | undefined; failed: boolean; onRetry: () => void }) {
  const boost = useBoostProfile();
  const premium = useIsPremium();
  const [upsell, setUpsell] = useState<string | null>(null);
  if (failed) return <LoadFailed what="Today's numbers" onRetry={onRetry} />;
  const value = (n: number | null | undefined) => (stats ? (n === null ? 'Unlimited' : String(n)) : '–');
  const tiles = [
    { icon: 'pi-heart', label: 'Likes left', value: value(stats?.likes_left_today) },
    { icon: 'pi-star', label: 'Super likes left', value: value(stats?.super_likes_left_today) },
    { icon: 'pi-users', label: 'Matches', value: value(stats?.matches) },
    { icon: 'pi-eye', label: 'Profile views', value: value(stats?.profile_views) },
  ];
  const boostedUntil = stats?.boost_active_until ? new Date(stats.boost_active_until) : null;

  const onBoost = () =>
    premium === false ? setUpsell(MATCHING_MESSAGES.premiumOnly) : boost.mutate(undefined, {
      onSuccess: (result) => toast.success(result.message),
      onError: (error) => (isPremiumRequired(error) ? setUpsell(callErrorMessage(error, MATCHING_MESSAGES.premiumOnly)) : toast.info(callErrorMessage(error, 'Your profile could not be boosted.'))),
    });

  return (
    <section className="match-panel" aria-labelledby="today-title" aria-busy={!stats}>
      <h2 id="today-title" className="match-panel-title">Today</h2>
      <dl className="dashboard-stats">
        {tiles.map((t) => (
          <div key={t.label} className="dashboard-stat">
            <dt><i className={`pi ${t.icon}`} aria-hidden="true" /> {t.label}</dt>
            <dd>{t.value}</dd>
          </div>
        ))}
      </dl>
      {stats && (
        <div className="dashboard-boost">
          {boostedUntil ? (
            <p className="match-muted"><i className="pi pi-bolt" aria-hidden="true" /> Your profile is boosted until {clock.format(boostedUntil)}.</p>
          ) : (
            <Button type="button" icon="pi pi-bolt" label="Boost my profile" className="match-button match-button--ghost"
              loading={boost.isPending} onClick={onBoost} />
          )}
        </div>
      )}
      <UpsellDialog visible={upsell !== null} reason={upsell ?? ''} onHide={() => setUpsell(null)} />
    </section>
  );
}

function SectionHead({ id, title, to, linkLabel }: { id: string; title: string; to: string; linkLabel: string }) {
  return (
    <div className="dashboard-section-head">
      <h2 id={id} className="match-panel-title">{title}</h2>
      <Link to={to} className="text-link small" aria-label={linkLabel}>See all</Link>
    </div>
  );
}

function NewMatches() {
  const matches = useMatches();
  const items = matches.data?.pages[0]?.items.slice(0, STRIP_SIZE) ?? [];
  return (
    <section className="match-panel" aria-labelledby="new-matches-title">
      <SectionHead id="new-matches-title" title="New matches" to={matchingPaths.matches} linkLabel="See all matches" />
      {matches.isError && !matches.data ? (
        <LoadFailed what="Your matches" onRetry={() => void matches.refetch()} />
      ) : matches.isPending ? (
        <p className="match-muted">Loading…</p>
      ) : items.length === 0 ? (
        <p className="match-muted">No matches yet. <Link to={matchingPaths.discover} className="text-link">Start discovering</Link></p>
      ) : (
        <ul className="dashboard-strip" aria-label="New matches">
          {items.map((m) => (
            <li key={m.id}>
              <Link to={matchingPaths.match(m.id)} className="dashboard-strip-item">
                <MemberPhoto src={m.user.photo?.thumb} name={m.user.name} className="dashboard-strip-photo" />
                <span className="dashboard-strip-name">{m.user.name.split(' ')[0]}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function WhoViewedMe() {
  const upgradePath = useUpgradePath();
  const visitors = useVisitors();
  const first = visitors.data?.pages[0];
  return (
    <section className="match-panel" aria-labelledby="viewed-title">
      <SectionHead id="viewed-title" title="Who viewed me" to={matchingPaths.visitors} linkLabel="See all visitors" />
      {visitors.isError && !visitors.data ? (
        <LoadFailed what="Your visitors" onRetry={() => void visitors.refetch()} />
      ) : !first ? (
        <p className="match-muted">Loading…</p>
      ) : first.count === 0 ? (
        <p className="match-muted">No one has viewed your profile yet.</p>
      ) : first.locked ? (
        <div className="dashboard-locked">
          <p><strong>{plural(first.count, 'person', 'people')}</strong> viewed your profile.</p>
          {upgradePath && <Link to={upgradePath} className="text-link"><i className="pi pi-crown" aria-hidden="true" /> Upgrade to see who</Link>}
        </div>
      ) : (
        <ul className="dashboard-strip" aria-label="Recent visitors">
          {first.items.slice(0, STRIP_SIZE).map((v) => (
            <li key={`${v.user.id}-${v.visited_at}`}>
              <Link to={matchingPaths.user(v.user.id)} className="dashboard-strip-item">
                <MemberPhoto src={v.user.photo?.thumb} name={v.user.name} className="dashboard-strip-photo" />
                <span className="dashboard-strip-name">{v.user.name.split(' ')[0]}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Suggested() {
  const suggested = useSuggested();
  return (
    <section className="match-panel" aria-labelledby="suggested-title">
      <SectionHead id="suggested-title" title="Suggested for you" to={matchingPaths.discover} linkLabel="See all in Discover" />
      {suggested.isError && !suggested.data ? (
        <LoadFailed what="Suggestions" onRetry={() => void suggested.refetch()} />
      ) : !suggested.data ? (
        <p className="match-muted">Loading…</p>
      ) : suggested.data.items.length === 0 ? (
        <p className="match-muted">No new suggestions right now. <Link to={matchingPaths.preferences} className="text-link">Edit preferences</Link></p>
      ) : (
        <ul className="suggested-grid" aria-label="Suggested profiles">
          {suggested.data.items.map((card) => (
            <li key={card.id}>
              <Link to={matchingPaths.user(card.id)} className="suggested-card">
                <MemberPhoto src={card.photos[0]?.sizes.medium} name={card.name} className="suggested-photo" />
                <span className="suggested-name">{nameAndAge(card)}</span>
                {card.reasons[0] && <span className="suggested-reason">{card.reasons[0]}</span>}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
