import {
  MODERATION_PATH,
  VERIFICATION_POSE_LABELS,
  VERIFICATION_REASON_TEXTS,
  VERIFICATION_REJECTION_REASONS,
  type VerificationRejectionReason,
  type VerificationReview,
  type VerificationReviewOutcome,
} from '@linkup/contract';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { Loading, LoadFailed } from '@/components/load-state';
import { PageHeader } from '@/components/page-header';
import { useDecideVerification } from '@/features/moderation/api/decide-verification';
import { useVerificationReview } from '@/features/moderation/api/get-verification-review';
import { isApiClientError, callErrorMessage } from '@/lib/api-client';
import { confirmDialog } from '@/lib/dialogs';
import { DISPLAY_LOCALE } from '@/lib/format';
import { mediaUrl } from '@/lib/media-url';
import { toast } from '@/lib/toast';

const timeFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** Reasons a moderator may give: every rejection reason but the expired challenge (the server's own, never a judgement). */
const REJECT_REASONS = VERIFICATION_REJECTION_REASONS.filter((r) => r !== 'challenge_expired');
const REJECT_REASON_LABELS: Readonly<Record<VerificationRejectionReason, string>> = {
  no_face: 'No face visible',
  several_faces: 'More than one face',
  pose_not_matched: 'Pose not matched',
  face_mismatch: 'Not the person in the profile photos',
  spoof_suspected: 'Photo of a screen or print',
  duplicate_selfie: 'Selfie used by another account',
  challenge_expired: 'Challenge expired',
};
const OUTCOME_LABELS: Readonly<Record<VerificationReviewOutcome, string>> = { approve: 'Approved', reject: 'Rejected' };
/** Below this estimated age the screen asks the moderator to check the member's age. */
const ADULT_AGE = 18;

const percent = (score: number | null) => (score === null ? 'Not measured' : `${Math.round(score * 100)} %`);
const who = (review: VerificationReview) => review.name ?? `Deleted member ${review.member_id}`;

/**
 * A borderline photo verification (issue 31, queue kind `verification`): the selfies beside the
 * member's profile photos and the scores that made it borderline; Approve gives the badge, Reject
 * needs the reason the member is told. Either way the selfies are deleted and the moderator is
 * back at the queue.
 */
export function VerificationReviewScreen({ verificationId, title }: { verificationId: string; title: string }) {
  const review = useVerificationReview(verificationId);
  const decide = useDecideVerification();
  const navigate = useNavigate();
  const [reason, setReason] = useState<VerificationRejectionReason | ''>('');
  const [note, setNote] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);

  if (review.isPending || review.isError) {
    return (
      <section className="moderation-page">
        <PageHeader title={title} />
        {review.isPending ? <Loading label="Loading the verification" /> : <LoadFailed what="The verification" onRetry={() => void review.refetch()} />}
      </section>
    );
  }
  const v = review.data;
  const name = who(v);

  function send(outcome: VerificationReviewOutcome) {
    const trimmed = note.trim();
    const body = outcome === 'approve'
      ? { outcome, ...(trimmed ? { note: trimmed } : {}) }
      : { outcome, reason: reason as VerificationRejectionReason, ...(trimmed ? { note: trimmed } : {}) };
    decide.mutate({ id: v.id, body }, {
      onSuccess: () => {
        toast.success(outcome === 'approve' ? `${name} is verified.` : `${name}'s verification was rejected.`);
        void navigate(MODERATION_PATH);
      },
      onError: (error) => {
        if (isApiClientError(error) && error.code === 'conflict') {
          toast.error('Another moderator has already decided this verification.');
          void review.refetch();
        } else {
          toast.error(callErrorMessage(error, 'The decision could not be recorded.'));
        }
      },
    });
  }

  async function approve() {
    if (await confirmDialog(`Verify ${name}?`, 'They get the Verified badge; the selfies are deleted.', { confirmLabel: 'Approve' })) send('approve');
  }

  async function reject(event: FormEvent) {
    event.preventDefault();
    if (!reason) {
      setReasonMissing(true);
      return;
    }
    const told = VERIFICATION_REASON_TEXTS[reason];
    if (await confirmDialog(`Reject ${name}'s verification?`, `They are told: “${told}” The selfies are deleted.`, { destructive: true, confirmLabel: 'Reject' })) send('reject');
  }

  const underage = v.estimated_age !== null && v.estimated_age < ADULT_AGE;
  return (
    <section className="moderation-page">
      <PageHeader title={title} subtitle={`${name} · ${v.status === 'open' ? 'waiting for a decision' : 'decided'} · sent ${timeFormat.format(new Date(v.created_at))}`} />
      <p><Link to={MODERATION_PATH}>Back to the queue</Link> · <Link to={`/moderation/members/${encodeURIComponent(v.member_id)}`}>Member record</Link></p>
      <div className="moderation-columns">
        <section className="moderation-panel" aria-labelledby="selfies-heading">
          <h2 id="selfies-heading">Selfies</h2>
          <ul className="moderation-photos moderation-verification-photos">
            {v.selfies.map((s, i) => (
              <li key={`${s.pose}-${i}`}>
                <figure>
                  {s.image
                    ? <img src={s.image} alt={`Selfie ${i + 1}: ${VERIFICATION_POSE_LABELS[s.pose]}`} width={220} height={220} />
                    : <p className="moderation-muted">Selfie {i + 1} is no longer kept.</p>}
                  <figcaption>{VERIFICATION_POSE_LABELS[s.pose]}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>
        <section className="moderation-panel" aria-labelledby="profile-photos-heading">
          <h2 id="profile-photos-heading">Profile photos</h2>
          {v.profile_photos.length === 0 ? <p className="moderation-muted">No profile photos.</p> : (
            <ul className="moderation-photos moderation-verification-photos">
              {v.profile_photos.map((url, i) => (
                <li key={url}>
                  <figure>
                    <img src={mediaUrl(url)} alt={`Profile photo ${i + 1} of ${name}`} width={220} height={220} />
                    <figcaption>{i === 0 ? 'Main photo' : `Photo ${i + 1}`}</figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <section className="moderation-panel" aria-labelledby="scores-heading">
        <h2 id="scores-heading">Scores</h2>
        <dl className="moderation-profile">
          <div><dt>Face match with the main photo</dt><dd>{percent(v.similarity)}</dd></div>
          <div><dt>Real person (antispoof)</dt><dd>{percent(v.antispoof)}</dd></div>
          <div><dt>Liveness</dt><dd>{percent(v.liveness)}</dd></div>
          <div><dt>Estimated age</dt><dd>{v.estimated_age ?? 'Not measured'}</dd></div>
        </dl>
        {underage && <p className="moderation-warning" role="note">The estimated age is under 18: check the member’s age before you approve.</p>}
      </section>
      {v.status === 'closed' ? (
        <p className="moderation-panel">Decision: {v.decision ? OUTCOME_LABELS[v.decision] : 'closed'}.</p>
      ) : (
        <section className="moderation-panel" aria-labelledby="decision-heading">
          <h2 id="decision-heading">Decision</h2>
          <form className="moderation-action-form" onSubmit={(e) => void reject(e)} noValidate>
            <div className="field">
              <label htmlFor="verification-note">Note for the audit log (optional)</label>
              <input id="verification-note" className="p-inputtext" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
            </div>
            <div className="field">
              <label htmlFor="verification-reason">Reason to reject</label>
              <select
                id="verification-reason"
                className="p-inputtext"
                value={reason}
                aria-invalid={reasonMissing ? 'true' : undefined}
                aria-describedby={reasonMissing ? 'verification-reason-error' : undefined}
                onChange={(e) => { setReason(e.target.value as VerificationRejectionReason | ''); setReasonMissing(false); }}
              >
                <option value="">Choose a reason</option>
                {REJECT_REASONS.map((r) => <option key={r} value={r}>{REJECT_REASON_LABELS[r]}</option>)}
              </select>
              {reasonMissing && <small id="verification-reason-error" className="p-error" role="alert">Choose why it is rejected.</small>}
            </div>
            <div className="moderation-dialog-actions">
              <Button type="button" label="Approve" disabled={decide.isPending} onClick={() => void approve()} />
              <Button type="submit" label="Reject" className="p-button-danger p-button-outlined" disabled={decide.isPending} />
            </div>
          </form>
        </section>
      )}
    </section>
  );
}
