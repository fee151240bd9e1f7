import type { Match } from '@linkup/contract';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useMatchCelebration } from '@/lib/match-celebration';
import { MemberPhoto } from '@/features/matching/components/member-photo';
import type { MatchingMe } from '@/features/matching/utils/member';
import { matchingPaths } from '@/features/matching/utils/paths';

interface MatchDialogProps {
  /** The new match; the dialog shows while it is set. */
  match: Match | null;
  me?: MatchingMe | undefined;
  onClose: () => void;
  /** The second button's label: 'Keep browsing' on discover. */
  closeLabel?: string;
}

/** "It's a match!": both photos, 'Start Chat' and 'Keep browsing'. */
export function MatchDialog({ match, me, onClose, closeLabel = 'Keep browsing' }: MatchDialogProps) {
  // While it shows, the in-app card of this same match stays away (issue 32).
  const celebrate = useMatchCelebration((s) => s.celebrate);
  const memberId = match?.user.id ?? null;
  useEffect(() => {
    celebrate(memberId);
    return () => celebrate(null);
  }, [memberId, celebrate]);
  return (
    <Dialog
      header="It's a match!"
      visible={match !== null}
      onHide={onClose}
      className="match-dialog match-celebration"
      modal
      draggable={false}
      resizable={false}
      blockScroll
    >
      {match && (
        <>
          <div className="match-celebration-photos">
            <MemberPhoto src={me?.photo} name={me?.name ?? 'You'} alt="You" className="match-celebration-photo" />
            <span className="match-celebration-heart" aria-hidden="true"><i className="pi pi-heart-fill" /></span>
            <MemberPhoto src={match.user.photo?.medium} name={match.user.name} alt={match.user.name} className="match-celebration-photo" />
          </div>
          <p className="match-celebration-text">
            {match.kind === 'super_like' ? 'A super match! ' : ''}You and {match.user.name} like each other.
          </p>
          <div className="match-dialog-actions">
            {match.chat_room_id ? (
              <Link to={matchingPaths.chat(match.chat_room_id)} className="btn-link-primary">
                <i className="pi pi-comments" aria-hidden="true" /> Start Chat
              </Link>
            ) : (
              <Link to={matchingPaths.match(match.id)} className="btn-link-primary">View match</Link>
            )}
            <Button type="button" label={closeLabel} className="match-button match-button--ghost" onClick={onClose} />
          </div>
        </>
      )}
    </Dialog>
  );
}
