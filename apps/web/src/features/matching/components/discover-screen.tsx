import '@/features/matching/matching.css';
import {
  MATCHING_MESSAGES, routeByName, type DiscoverCard, type Match, type MatchStats, type SwipeAction,
} from '@linkup/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/button';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { PageHeader } from '@/components/page-header';
import { useDiscover } from '@/features/matching/api/get-discover';
import { useStats } from '@/features/matching/api/get-stats';
import { useIsPremium } from '@/lib/use-is-premium';
import { matchingKeys, type DiscoverFilters } from '@/features/matching/api/keys';
import { useUndoLastAction } from '@/features/matching/api/undo-last-action';
import { DiscoverCardView } from '@/features/matching/components/discover-card';
import { FiltersSheet, activeFilterCount } from '@/features/matching/components/filters-sheet';
import { EmptyState } from '@/features/matching/components/empty-state';
import { LoadFailed } from '@/components/load-state';
import { MatchDialog } from '@/features/matching/components/match-dialog';
import { PremiumPerks, UpsellDialog } from '@/features/matching/components/upsell-dialog';
import { useSwipe } from '@/features/matching/hooks/use-swipe';
import { useSwipeKeys } from '@/features/matching/hooks/use-swipe-keys';
import { dailyLimitOf, isPremiumRequired, resetTimeLabel, type DailyLimit } from '@/features/matching/utils/errors';
import type { MatchingMe } from '@/features/matching/utils/member';
import { matchingPaths } from '@/features/matching/utils/paths';
import { callErrorMessage, isApiClientError } from '@/lib/api-client';
import { plural } from '@/lib/format';
import { useUpgradePath } from '@/features/matching/hooks/use-upgrade-path';

/** Load the next batch when this few cards are left. */
const PREFETCH_AT = 3;
const FALLBACK_ERROR = 'Something went wrong. Please try again.';
const DONE: Record<SwipeAction, string> = { like: 'You liked', super_like: 'You super liked', pass: 'You passed on' };

/** Failures after which the card comes back: the action did not happen, and may be tried again. */
const cardComesBack = (error: unknown) =>
  !isApiClientError(error) || error.status === 0 || error.status === 402 || error.status === 429 || error.status >= 500;

/** Cards of every loaded batch, each member once, in order. */
function uniqueCards(pages: readonly { items: DiscoverCard[] }[] | undefined): DiscoverCard[] {
  const seen = new Set<string>();
  const cards: DiscoverCard[] = [];
  for (const card of pages?.flatMap((p) => p.items) ?? []) {
    if (seen.has(card.id)) continue;
    seen.add(card.id);
    cards.push(card);
  }
  return cards;
}

export interface DiscoverScreenProps {
  /** The signed-in member, for the match celebration. */
  me?: MatchingMe | undefined;
}

/** /app/discover: the card stack with like, pass and super like, filters, undo and the match celebration. */
export function DiscoverScreen({ me }: DiscoverScreenProps) {
  const [filters, setFilters] = useState<DiscoverFilters>({});
  const [filtersOpen, setFiltersOpen] = useState(false);
  const count = activeFilterCount(filters);
  return (
    <section className="match-page discover-page">
      <PageHeader
        title={routeByName('app.discover').title}
        actions={
          <Button type="button" icon="pi pi-sliders-h" label="Filters" className="match-button match-button--ghost"
            aria-label={count ? `Filters, ${count} set` : 'Filters'} badge={count ? String(count) : undefined}
            onClick={() => setFiltersOpen(true)} />
        }
      />
      {/* A new set of filters is a new stack. */}
      <DiscoverStack key={JSON.stringify(filters)} filters={filters} me={me}
        onWidenFilters={() => (count ? setFilters({}) : setFiltersOpen(true))} />
      <FiltersSheet visible={filtersOpen} value={filters} onHide={() => setFiltersOpen(false)}
        onApply={(next) => { setFilters(next); setFiltersOpen(false); }} />
    </section>
  );
}

interface DiscoverStackProps {
  filters: DiscoverFilters;
  me?: MatchingMe | undefined;
  onWidenFilters: () => void;
}

function DiscoverStack({ filters, me, onWidenFilters }: DiscoverStackProps) {
  const queryClient = useQueryClient();
  const discover = useDiscover(filters);
  const stats = useStats();
  const swipe = useSwipe();
  const undo = useUndoLastAction();
  const [gone, setGone] = useState<ReadonlySet<string>>(() => new Set());
  const [match, setMatch] = useState<Match | null>(null);
  const [upsell, setUpsell] = useState<string | null>(null);
  const [limit, setLimit] = useState<DailyLimit | null>(null);
  const [keepBrowsing, setKeepBrowsing] = useState(false);
  /** Cards whose photo is in (or failed): the card behind fetches its photo once the top card's is. */
  const [photoSettled, setPhotoSettled] = useState<ReadonlySet<string>>(() => new Set());
  const settlePhoto = (id: string) => setPhotoSettled((current) => (current.has(id) ? current : new Set(current).add(id)));
  const [announcement, setAnnouncement] = useState('');
  const fetchedAtSwipe = useRef(-1);

  const cards = useMemo(() => uniqueCards(discover.data?.pages).filter((c) => !gone.has(c.id)), [discover.data, gone]);
  const top = cards[0];
  const knownPremium = useIsPremium();
  const premium = knownPremium ?? false;

  // Out of likes: the server said so (429), or today's numbers say none are left.
  const statsLimit: DailyLimit | null = stats.data && stats.data.likes_left_today === 0
    ? { kind: 'likes', message: MATCHING_MESSAGES.outOfLikes, resetsAt: stats.data.resets_at }
    : null;
  const outOfLikes = limit ?? statsLimit;
  const showOutOfLikes = outOfLikes !== null && !keepBrowsing;

  const { hasNextPage, isFetchingNextPage, isFetching, fetchNextPage } = discover;
  useEffect(() => {
    // Once per swipe count, so a batch that brings no one new does not ask again and again.
    if (cards.length > PREFETCH_AT || !hasNextPage || isFetching || fetchedAtSwipe.current === gone.size) return;
    fetchedAtSwipe.current = gone.size;
    void fetchNextPage();
  }, [cards.length, hasNextPage, isFetching, isFetchingNextPage, fetchNextPage, gone.size]);

  const setGoneFor = (id: string, isGone: boolean) =>
    setGone((current) => {
      const next = new Set(current);
      if (isGone) next.add(id);
      else next.delete(id);
      return next;
    });

  const setLeft = (change: Partial<MatchStats>) =>
    queryClient.setQueryData<MatchStats>(matchingKeys.stats(), (data) => data && { ...data, ...change });

  const dialogOpen = match !== null || upsell !== null;

  const canSwipe = Boolean(top) && !dialogOpen && !showOutOfLikes;

  const act = (action: SwipeAction) => {
    if (!top || !canSwipe) return;
    const card = top;
    setGoneFor(card.id, true);
    swipe.mutate({ userId: card.id, action }, {
      onSuccess: (result) => {
        setAnnouncement(`${DONE[action]} ${card.name}.`);
        if (result.matched && result.match) setMatch(result.match);
      },
      onError: (error) => {
        if (cardComesBack(error)) setGoneFor(card.id, false);
        const daily = dailyLimitOf(error);
        if (daily?.kind === 'likes') {
          setLimit(daily);
          setKeepBrowsing(false);
          setLeft({ likes_left_today: 0 });
        } else if (daily?.kind === 'super_likes') {
          setLeft({ super_likes_left_today: 0 });
          setUpsell(`${daily.message}${daily.resetsAt ? ` New super likes arrive ${resetTimeLabel(daily.resetsAt)}.` : ''}`);
        } else if (isPremiumRequired(error)) {
          setUpsell(callErrorMessage(error, MATCHING_MESSAGES.premiumOnly));
        } else {
          toast.error(callErrorMessage(error, FALLBACK_ERROR));
        }
      },
    });
  };

  const onUndo = () => {
    if (knownPremium === false) return setUpsell(MATCHING_MESSAGES.premiumOnly);
    undo.mutate(undefined, {
      onSuccess: (result) => {
        setGoneFor(result.user_id, false);
        setLimit(null);
        const loaded = uniqueCards(discover.data?.pages).find((c) => c.id === result.user_id);
        if (!loaded) void discover.refetch();
        setAnnouncement(loaded ? `${loaded.name} is back.` : 'Undone.');
      },
      onError: (error) => {
        if (isPremiumRequired(error)) setUpsell(callErrorMessage(error, MATCHING_MESSAGES.premiumOnly));
        else toast.info(callErrorMessage(error, FALLBACK_ERROR));
      },
    });
  };

  useSwipeKeys(act, canSwipe);

  let body: ReactNode;
  if (discover.isPending) {
    body = <DiscoverSkeleton />;
  } else if (discover.isError && !discover.data) {
    body = <LoadFailed what="People to discover" onRetry={() => void discover.refetch()} />;
  } else if (showOutOfLikes) {
    body = <OutOfLikes limit={outOfLikes} onKeepBrowsing={() => setKeepBrowsing(true)} />;
  } else if (!top) {
    body = discover.isFetching ? <DiscoverSkeleton /> : (
      <EmptyState icon="pi-compass" title="No one new nearby"
        text="You have seen everyone who fits your filters and preferences for now. Widen your filters or check back later.">
        <Button type="button" label="Widen filters" icon="pi pi-sliders-h" className="match-button" onClick={onWidenFilters} />
        <Link to={matchingPaths.preferences} className="btn-outline match-inline-button">
          <i className="pi pi-cog" aria-hidden="true" /> Edit preferences
        </Link>
        <Button type="button" label="Look again" icon="pi pi-refresh" className="match-button match-button--ghost"
          onClick={() => void discover.refetch()} />
      </EmptyState>
    );
  } else {
    body = (
      <div className="discover-stack">
        {cards[1] && <DiscoverCardView key={cards[1].id} card={cards[1]} active={false} onSwipe={() => {}}
          holdPhoto={top.photos.length > 0 && !photoSettled.has(top.id)} onPhotoSettled={() => settlePhoto(cards[1]!.id)} />}
        <DiscoverCardView key={top.id} card={top} active onSwipe={act} onPhotoSettled={() => settlePhoto(top.id)} />
      </div>
    );
  }

  return (
    <>
      {body}
      {/* Floating over a card only: with no card (out of likes, nothing left, an error) the buttons sit
          below the page's own, never over "Upgrade to Premium" (issue 32 item 16). */}
      <div className={top && !showOutOfLikes ? 'discover-actions' : 'discover-actions discover-actions--inline'} role="group" aria-label="Discover actions">
        <button type="button" className="swipe-button swipe-button--undo" aria-label="Undo" title="Undo"
          disabled={undo.isPending || dialogOpen} onClick={onUndo}>
          <i className="pi pi-undo" aria-hidden="true" />
          {stats.data && !premium && <span className="swipe-button-lock" aria-hidden="true"><i className="pi pi-crown" /></span>}
        </button>
        <button type="button" className="swipe-button swipe-button--pass" aria-label="Pass" title="Pass (←)"
          disabled={!canSwipe} onClick={() => act('pass')}>
          <i className="pi pi-times" aria-hidden="true" />
        </button>
        <button type="button" className="swipe-button swipe-button--super" aria-label="Super like" title="Super like (↑)"
          disabled={!canSwipe} onClick={() => act('super_like')}>
          <i className="pi pi-star-fill" aria-hidden="true" />
        </button>
        <button type="button" className="swipe-button swipe-button--like" aria-label="Like" title="Like (→)"
          disabled={!canSwipe} onClick={() => act('like')}>
          <i className="pi pi-heart-fill" aria-hidden="true" />
        </button>
      </div>
      {stats.data && <LeftToday stats={stats.data} />}
      <p className="discover-hint">On a keyboard: ← pass, → like, ↑ super like.</p>
      <p className="sr-only" role="status">{announcement}</p>
      <MatchDialog match={match} me={me} onClose={() => setMatch(null)} />
      <UpsellDialog visible={upsell !== null} reason={upsell ?? ''} onHide={() => setUpsell(null)} />
    </>
  );
}

function LeftToday({ stats }: { stats: MatchStats }) {
  const likes = stats.likes_left_today === null ? 'Unlimited likes' : `${plural(stats.likes_left_today, 'like')} left`;
  return (
    <p className="discover-left" data-testid="left-today">
      {likes} · {plural(stats.super_likes_left_today, 'super like')} left today
    </p>
  );
}

function OutOfLikes({ limit, onKeepBrowsing }: { limit: DailyLimit; onKeepBrowsing: () => void }) {
  const upgradePath = useUpgradePath();
  return (
    <section className="out-of-likes" aria-labelledby="out-of-likes-title">
      <span className="match-empty-icon" aria-hidden="true"><i className="pi pi-heart" /></span>
      <h2 id="out-of-likes-title" className="match-empty-title">You&apos;re out of likes</h2>
      <p className="match-empty-text">
        {limit.message}
        {limit.resetsAt && <> New likes arrive <strong>{resetTimeLabel(limit.resetsAt)}</strong>.</>}
      </p>
      {upgradePath && (
        <>
          <p className="match-empty-text">Premium members never run out. With Premium you also get:</p>
          <PremiumPerks />
        </>
      )}
      <div className="match-empty-actions">
        {upgradePath && (
          <Link to={upgradePath} className="btn-link-primary">
            <i className="pi pi-crown" aria-hidden="true" /> Upgrade to Premium
          </Link>
        )}
        <Button type="button" label="Keep browsing" className="match-button match-button--ghost" onClick={onKeepBrowsing} />
      </div>
    </section>
  );
}

function DiscoverSkeleton() {
  return (
    <div className="discover-skeleton" role="status">
      <span className="sr-only">Finding people for you</span>
      <span className="skeleton discover-skeleton-card" aria-hidden="true" />
      <span className="skeleton discover-skeleton-line discover-skeleton-line--name" aria-hidden="true" />
      <span className="skeleton discover-skeleton-line discover-skeleton-line--detail" aria-hidden="true" />
    </div>
  );
}
