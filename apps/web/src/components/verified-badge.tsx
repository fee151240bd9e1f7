import '@/components/verified-badge.css';

export const VERIFIED_LABEL = 'Verified';

/**
 * The photo-verified badge (issue 31): a blue check beside a member's name, named "Verified" for
 * screen readers. Renders nothing for a member who is not verified, so callers pass the flag as is.
 */
export function VerifiedBadge({ verified, onPhoto = false }: { verified: boolean | undefined; onPhoto?: boolean }) {
  if (!verified) return null;
  // The space keeps the name and "Verified" two words for screen readers (inline elements join up).
  return (
    <>
      {' '}
      <span className={`verified-badge${onPhoto ? ' verified-badge--on-photo' : ''}`} role="img" aria-label={VERIFIED_LABEL} title={VERIFIED_LABEL}>
        <i className="pi pi-verified" aria-hidden="true" />
      </span>
    </>
  );
}
