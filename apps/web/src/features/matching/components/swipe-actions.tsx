import '@/features/matching/matching.css';
import { MATCHING_MESSAGES, type Match, type SwipeAction, type SwipeResult } from '@linkup/contract';
import { Button } from '@/components/button';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { MatchDialog } from '@/features/matching/components/match-dialog';
import { UpsellDialog } from '@/features/matching/components/upsell-dialog';
import { useSwipe } from '@/features/matching/hooks/use-swipe';
import { dailyLimitOf, isPremiumRequired, resetTimeLabel } from '@/features/matching/utils/errors';
import type { MatchingMe } from '@/features/matching/utils/member';
import { callErrorMessage } from '@/lib/api-client';

export interface SwipeActionsProps {
  userId: string;
  /** Their name, for what the buttons say once pressed. */
  name?: string;
  /** They already like me: 'Like' reads 'Like back'. */
  likedMe?: boolean;
  /** The signed-in member, for the match celebration. */
  me?: MatchingMe;
  /** After a like, super like or pass went through (and after the match dialog closes, if it made one). */
  onDone?: (result: SwipeResult) => void;
}

const DONE: Record<SwipeAction, string> = { like: 'You liked', super_like: 'You super liked', pass: 'You passed on' };

/**
 * Like, Super like and Pass for one member (e.g. on their profile): calls the API, celebrates a
 * match, and shows daily limits and premium-only answers as an upsell.
 */
export function SwipeActions({ userId, name, likedMe = false, me, onDone }: SwipeActionsProps) {
  const swipe = useSwipe();
  const [match, setMatch] = useState<Match | null>(null);
  const [pendingResult, setPendingResult] = useState<SwipeResult | null>(null);
  const [upsell, setUpsell] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  const act = (action: SwipeAction) =>
    swipe.mutate({ userId, action }, {
      onSuccess: (result) => {
        setStatus(`${DONE[action]} ${name ?? 'this member'}.`);
        if (result.matched && result.match) {
          setMatch(result.match);
          setPendingResult(result);
        } else {
          onDone?.(result);
        }
      },
      onError: (error) => {
        const daily = dailyLimitOf(error);
        if (daily) setUpsell(`${daily.message}${daily.resetsAt ? ` More arrive ${resetTimeLabel(daily.resetsAt)}.` : ''}`);
        else if (isPremiumRequired(error)) setUpsell(callErrorMessage(error, MATCHING_MESSAGES.premiumOnly));
        else toast.error(callErrorMessage(error, 'Something went wrong. Please try again.'));
      },
    });

  const closeMatch = () => {
    setMatch(null);
    if (pendingResult) onDone?.(pendingResult);
    setPendingResult(null);
  };

  const busy = swipe.isPending;
  return (
    <div className="swipe-actions">
      <div className="swipe-actions-row" role="group" aria-label={name ? `Like or pass on ${name}` : 'Like or pass'}>
        <Button type="button" icon="pi pi-times" label="Pass" className="match-button match-button--ghost" disabled={busy} onClick={() => act('pass')} />
        <Button type="button" icon="pi pi-star-fill" label="Super like" className="match-button match-button--super" disabled={busy} onClick={() => act('super_like')} />
        <Button type="button" icon="pi pi-heart-fill" label={likedMe ? 'Like back' : 'Like'} className="match-button" disabled={busy} onClick={() => act('like')} />
      </div>
      <p className="swipe-actions-status" role="status">{status}</p>
      <MatchDialog match={match} me={me} onClose={closeMatch} />
      <UpsellDialog visible={upsell !== null} reason={upsell ?? ''} onHide={() => setUpsell(null)} />
    </div>
  );
}
