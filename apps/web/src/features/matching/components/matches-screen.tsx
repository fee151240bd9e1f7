import { VerifiedBadge } from '@/components/verified-badge';
import '@/features/matching/matching.css';
import { UI_TEXTS, routeByName, type LikeReceived, type Match } from '@linkup/contract';
import { Button } from '@/components/button';
import { useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { toast } from '@/lib/toast';
import { PageHeader } from '@/components/page-header';
import { useLikes } from '@/features/matching/api/get-likes';
import { useMatches } from '@/features/matching/api/get-matches';
import { useUnmatch } from '@/features/matching/api/unmatch';
import { EmptyState } from '@/features/matching/components/empty-state';
import { LoadFailed, Loading } from '@/components/load-state';
import { LockedGrid } from '@/features/matching/components/locked-grid';
import { MatchDialog } from '@/features/matching/components/match-dialog';
import { MemberPhoto } from '@/features/matching/components/member-photo';
import { UpsellDialog } from '@/features/matching/components/upsell-dialog';
import { useSwipe } from '@/features/matching/hooks/use-swipe';
import { confirmUnmatch } from '@/features/matching/utils/confirm-unmatch';
import { dailyLimitOf, isPremiumRequired, resetTimeLabel } from '@/features/matching/utils/errors';
import { nameAndAge, type MatchingMe } from '@/features/matching/utils/member';
import { matchingPaths } from '@/features/matching/utils/paths';
import { plural, relativeTime } from '@/lib/format';
import { callErrorMessage } from '@/lib/api-client';

/** 'just now', '5 minutes ago' or 'Nov 22': a date keeps its capital. */
function matchedWhen(at: string): string {
  const when = relativeTime(at);
  return when === UI_TEXTS.time.justNow ? when.toLowerCase() : when;
}

export type MatchesView = 'matches' | 'likes';

const likeYou = (count: number) => `${plural(count, 'person', 'people')} ${count === 1 ? 'likes' : 'like'} you`;

export interface MatchesScreenProps {
  /** Which view the address asked for: /app/matches or /app/likes. */
  view: MatchesView;
  me?: MatchingMe | undefined;
  /** Shown above my matches once there is at least one (issue 31: "Get verified" after the first match). */
  afterFirstMatch?: ReactNode;
}

/** /app/matches and /app/likes: one screen, two views — my matches, and people who like me. */
export function MatchesScreen({ view, me, afterFirstMatch }: MatchesScreenProps) {
  return (
    <section className="match-page">
      <PageHeader title={routeByName(view === 'matches' ? 'app.matches' : 'app.likes').title} />
      <nav className="match-views" aria-label="Matches and likes">
        <NavLink to={matchingPaths.matches} className="match-view-link" end>
          <i className="pi pi-heart-fill" aria-hidden="true" /> Matches
        </NavLink>
        <NavLink to={matchingPaths.likes} className="match-view-link" end>
          <i className="pi pi-star" aria-hidden="true" /> Likes you
        </NavLink>
      </nav>
      {view === 'matches' ? <MatchesList afterFirstMatch={afterFirstMatch} /> : <LikesList me={me} />}
    </section>
  );
}

function MatchesList({ afterFirstMatch }: { afterFirstMatch?: ReactNode }) {
  const matches = useMatches();
  const unmatch = useUnmatch();
  if (matches.isPending) return <Loading label="Loading your matches" />;
  if (matches.isError && !matches.data) return <LoadFailed what="Your matches" onRetry={() => void matches.refetch()} />;
  const items = matches.data.pages.flatMap((p) => p.items);
  if (items.length === 0) {
    return (
      <EmptyState icon="pi-heart" title="No matches yet" text="When someone you like likes you back, you will find them here.">
        <Link to={matchingPaths.discover} className="btn-link-primary"><i className="pi pi-compass" aria-hidden="true" /> Start discovering</Link>
      </EmptyState>
    );
  }

  const onUnmatch = async (match: Match) => {
    const confirmed = await confirmUnmatch(match.user.name);
    if (!confirmed) return;
    unmatch.mutate(match.id, {
      onSuccess: (message) => toast.success(message),
      onError: (error) => toast.error(callErrorMessage(error, 'The match could not be ended. Please try again.')),
    });
  };

  return (
    <>
      {afterFirstMatch}
      <p className="match-count">{plural(matches.data.pages[0]?.pagination.total ?? items.length, 'match', 'matches')}</p>
      <ul className="match-grid" aria-label="Your matches">
        {items.map((match) => (
          <li key={match.id} className="match-card">
            <Link to={matchingPaths.match(match.id)} className="match-card-main">
              <MemberPhoto src={match.user.photo?.medium} name={match.user.name} className="match-card-photo" />
              <span className="match-card-name">{nameAndAge(match.user)}<VerifiedBadge verified={match.user.is_verified} /></span>
              <span className="match-card-meta">
                {match.kind === 'super_like' && <><i className="pi pi-star-fill" aria-hidden="true" /> Super match · </>}
                Matched {matchedWhen(match.created_at)}
              </span>
            </Link>
            <div className="match-card-actions">
              {match.chat_room_id && (
                <Link to={matchingPaths.chat(match.chat_room_id)} className="match-action match-action--primary">
                  <i className="pi pi-comments" aria-hidden="true" /> Open chat
                </Link>
              )}
              <Link to={matchingPaths.user(match.user.id)} className="match-action">
                <i className="pi pi-user" aria-hidden="true" /> View profile
              </Link>
              <button type="button" className="match-action match-action--danger" onClick={() => void onUnmatch(match)}
                aria-label={`Unmatch ${match.user.name}`} disabled={unmatch.isPending && unmatch.variables === match.id}>
                <i className="pi pi-times-circle" aria-hidden="true" /> Unmatch
              </button>
            </div>
          </li>
        ))}
      </ul>
      {matches.hasNextPage && (
        <Button type="button" label="Show more" className="match-button match-button--ghost match-more"
          loading={matches.isFetchingNextPage} onClick={() => void matches.fetchNextPage()} />
      )}
    </>
  );
}

function LikesList({ me }: { me?: MatchingMe | undefined }) {
  const likes = useLikes();
  const swipe = useSwipe();
  const [handled, setHandled] = useState<ReadonlySet<string>>(() => new Set());
  const [match, setMatch] = useState<Match | null>(null);
  const [upsell, setUpsell] = useState<string | null>(null);

  const respond = (like: LikeReceived, action: 'like' | 'pass') => {
    setHandled((s) => new Set(s).add(like.user.id));
    swipe.mutate({ userId: like.user.id, action }, {
      onSuccess: (result) => {
        if (result.matched && result.match) setMatch(result.match);
        else toast.success(action === 'like' ? `You liked ${like.user.name}.` : `You passed on ${like.user.name}.`);
      },
      onError: (error) => {
        setHandled((s) => {
          const next = new Set(s);
          next.delete(like.user.id);
          return next;
        });
        const daily = dailyLimitOf(error);
        if (daily) setUpsell(`${daily.message}${daily.resetsAt ? ` More arrive ${resetTimeLabel(daily.resetsAt)}.` : ''}`);
        else if (isPremiumRequired(error)) setUpsell(callErrorMessage(error, 'This is a Premium feature.'));
        else toast.error(callErrorMessage(error, 'Something went wrong. Please try again.'));
      },
    });
  };

  return (
    <>
      <LikesContent likes={likes} handled={handled} onRespond={respond} />
      {/* Outside the list: a like back that makes a match empties the list, and the celebration must stay. */}
      <MatchDialog match={match} me={me} onClose={() => setMatch(null)} closeLabel="Back to likes" />
      <UpsellDialog visible={upsell !== null} reason={upsell ?? ''} onHide={() => setUpsell(null)} />
    </>
  );
}

interface LikesContentProps {
  likes: ReturnType<typeof useLikes>;
  handled: ReadonlySet<string>;
  onRespond: (like: LikeReceived, action: 'like' | 'pass') => void;
}

function LikesContent({ likes, handled, onRespond }: LikesContentProps) {
  if (likes.isPending) return <Loading label="Loading who likes you" />;
  if (likes.isError && !likes.data) return <LoadFailed what="Who likes you" onRetry={() => void likes.refetch()} />;
  const first = likes.data.pages[0]!;
  if (first.count === 0) {
    return (
      <EmptyState icon="pi-star" title="No likes yet" text="When someone likes your profile, they will show up here. A complete profile with good photos gets more likes.">
        <Link to={matchingPaths.profile} className="btn-link-primary"><i className="pi pi-user-edit" aria-hidden="true" /> Improve my profile</Link>
      </EmptyState>
    );
  }
  if (first.locked) {
    return (
      <LockedGrid placeholders={first.placeholders} title={likeYou(first.count)}
        text="Upgrade to Premium to see who they are and like them back." />
    );
  }

  const items = likes.data.pages.flatMap((p) => p.items).filter((l) => !handled.has(l.user.id));
  return (
    <>
      <p className="match-count">{likeYou(first.count)}</p>
      <ul className="match-list" aria-label="People who like you">
        {items.map((like) => (
          <li key={like.user.id} className="match-row">
            <Link to={matchingPaths.user(like.user.id)} className="match-row-main">
              <MemberPhoto src={like.user.photo?.thumb} name={like.user.name} className="match-row-photo" />
              <span className="match-row-text">
                <span className="match-row-name">{nameAndAge(like.user)}<VerifiedBadge verified={like.user.is_verified} /></span>
                <span className="match-row-meta">
                  {like.kind === 'super_like' ? <><i className="pi pi-star-fill" aria-hidden="true" /> Super liked you</> : 'Liked you'}
                  {' · '}{relativeTime(like.liked_at)}
                  {like.user.city && <> · {like.user.city}</>}
                </span>
              </span>
            </Link>
            <div className="match-row-actions" role="group" aria-label={`Answer ${like.user.name}`}>
              <button type="button" className="round-action round-action--pass" onClick={() => onRespond(like, 'pass')}>
                <i className="pi pi-times" aria-hidden="true" /> Pass
              </button>
              <button type="button" className="round-action round-action--like" onClick={() => onRespond(like, 'like')}>
                <i className="pi pi-heart-fill" aria-hidden="true" /> Like back
              </button>
            </div>
          </li>
        ))}
      </ul>
      {likes.hasNextPage && (
        <Button type="button" label="Show more" className="match-button match-button--ghost match-more"
          loading={likes.isFetchingNextPage} onClick={() => void likes.fetchNextPage()} />
      )}
    </>
  );
}
