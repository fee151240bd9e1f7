import '@/features/verification/verification.css';
import { VERIFICATION_MESSAGES } from '@linkup/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { VerifiedBadge } from '@/components/verified-badge';
import { useVerification } from '@/features/verification/api/get-verification';

export const VERIFICATION_CARD_TEXTS = {
  heading: 'Photo verification',
  invite: 'Show members you are really you: a quick selfie puts a blue check beside your name. It is free.',
  rejected: 'Your last verification did not pass. You can try again.',
  pending: VERIFICATION_MESSAGES.pending,
  verified: VERIFICATION_MESSAGES.verified,
} as const;

/**
 * Where the member stands with photo verification, and "Get verified" while they are not (issue 31):
 * on the own profile, and after a first match. `hideWhenVerified` leaves nothing once verified.
 */
export function VerificationCard({ verifyPath, hideWhenVerified = false }: { verifyPath: string; hideWhenVerified?: boolean }) {
  const state = useVerification();
  const headingId = useId();
  // A card that cannot load is no reason to bother the page it sits on: it simply does not show.
  if (!state.data) return null;
  const { status } = state.data;
  if (status === 'verified' && hideWhenVerified) return null;
  return (
    <section className="verification-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="verification-card-heading">
        <i className="pi pi-verified" aria-hidden="true" /> {VERIFICATION_CARD_TEXTS.heading}
      </h2>
      {status === 'verified' ? (
        <p role="status">{VERIFICATION_CARD_TEXTS.verified}<VerifiedBadge verified /></p>
      ) : status === 'pending_review' ? (
        <p role="status">{VERIFICATION_CARD_TEXTS.pending}</p>
      ) : (
        <>
          <p>{status === 'rejected' ? VERIFICATION_CARD_TEXTS.rejected : VERIFICATION_CARD_TEXTS.invite}</p>
          <Link className="btn-link-primary verification-card-action" to={verifyPath}>
            <i className="pi pi-camera" aria-hidden="true" /> {VERIFICATION_MESSAGES.getVerified}
          </Link>
        </>
      )}
    </section>
  );
}
