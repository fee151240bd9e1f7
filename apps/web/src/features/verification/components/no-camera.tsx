import { Button } from '@/components/button';
import { VERIFY_TEXTS } from '@/features/verification/components/verify-texts';
import type { CameraFailure } from '@/platform/camera';
import { platform } from '@/platform/platform';

const TEXTS = VERIFY_TEXTS.noCamera;

/** The camera cannot be used here: why, how to allow it where that helps, and verifying on another device. */
export function NoCamera({ reason, onRetry }: { reason: CameraFailure; onRetry: () => void }) {
  const canRetry = reason === 'denied' || reason === 'unavailable';
  return (
    <section className="verify-card" aria-labelledby="verify-no-camera">
      <h2 id="verify-no-camera" className="verify-heading">
        <i className="pi pi-video" aria-hidden="true" /> {TEXTS.heading[reason]}
      </h2>
      <p>{TEXTS.why[reason]}</p>
      {reason === 'denied' && <p>{platform.isNative ? TEXTS.allowNative : TEXTS.allowWeb}</p>}
      <p>{TEXTS.otherDevice}</p>
      {canRetry && <Button className="verify-button" label={TEXTS.retry} icon="pi pi-refresh" onClick={onRetry} />}
    </section>
  );
}
