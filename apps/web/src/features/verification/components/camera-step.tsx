import type { VerificationChallenge } from '@linkup/contract';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { FormMessage } from '@/components/form-field';
import { Spinner } from '@/components/spinner';
import { useStartChallenge } from '@/features/verification/api/start-challenge';
import { NoCamera } from '@/features/verification/components/no-camera';
import { PoseGuide } from '@/features/verification/components/pose-guide';
import { VERIFY_TEXTS } from '@/features/verification/components/verify-texts';
import { useFrontCamera } from '@/features/verification/hooks/use-front-camera';
import { callErrorMessage, isApiClientError } from '@/lib/api-client';
import { useSecondsUntil } from '@/lib/use-countdown';

const TEXTS = VERIFY_TEXTS.camera;

interface CameraStepProps {
  /** My Photos: where a member without a main photo of their face goes first. */
  photosPath: string;
  /** Every pose has its photo: the camera is off by now. */
  onCaptured: (challengeId: string, images: Blob[]) => void;
}

/**
 * The camera with a face outline, and a challenge of two poses: each pose acted out and named,
 * then a photo of it. The challenge is asked for once the camera runs, so a member without one
 * never opens a challenge; the camera stops when the last photo is taken or the step is left.
 */
export function CameraStep({ photosPath, onCaptured }: CameraStepProps) {
  const { state: cameraState, videoRef, capture: takePhoto, stop: stopCamera, retry: retryCamera } = useFrontCamera();
  const challenge = useStartChallenge();
  const [images, setImages] = useState<Blob[]>([]);
  const [ready, setReady] = useState(false);
  const [capturing, setCapturing] = useState(false);
  const asked = useRef(false);
  const live = cameraState.kind === 'live';
  const { mutate: ask } = challenge;

  useEffect(() => {
    if (!live || asked.current) return;
    asked.current = true;
    ask();
  }, [live, ask]);

  if (cameraState.kind === 'failed') return <NoCamera reason={cameraState.reason} onRetry={retryCamera} />;

  const current = challenge.data;
  const pose = current?.poses[images.length];

  async function capture(of: VerificationChallenge) {
    setCapturing(true);
    try {
      const next = [...images, await takePhoto()];
      if (next.length === of.poses.length) {
        stopCamera();
        onCaptured(of.challenge_id, next);
      } else {
        setImages(next);
      }
    } finally {
      setCapturing(false);
    }
  }

  function newPoses() {
    setImages([]);
    challenge.reset();
    ask();
  }

  return (
    <section className="verify-camera" aria-label={TEXTS.preview}>
      <div className="verify-viewfinder">
        {/* Muted and inline: phones play a camera preview only so (iOS would open a full-screen player). */}
        <video ref={videoRef} className="verify-video" autoPlay muted playsInline
          onLoadedMetadata={() => setReady(true)} />
        <div className="verify-outline" aria-hidden="true" />
        {!live && <div className="verify-viewfinder-status"><Spinner size={32} label={TEXTS.opening} /></div>}
      </div>
      <p className="verify-outline-hint">{TEXTS.outline}</p>
      {challenge.isError ? (
        <div className="verify-refused">
          <FormMessage tone="error">{callErrorMessage(challenge.error, TEXTS.refused)}</FormMessage>
          {isApiClientError(challenge.error) && challenge.error.code === 'verification_photo_required' && (
            <Link className="btn-link-primary" to={photosPath}>{VERIFY_TEXTS.result.changePhotos}</Link>
          )}
        </div>
      ) : current && pose ? (
        <>
          <PoseGuide pose={pose} step={images.length + 1} steps={current.poses.length} />
          <ChallengeClock expiresAt={current.expires_at} onNewPoses={newPoses}>
            <Button className="verify-button verify-capture" label={TEXTS.capture} icon="pi pi-camera" disabled={!ready || capturing}
              onClick={() => void capture(current)} />
          </ChallengeClock>
        </>
      ) : (
        live && <div role="status" className="verify-preparing"><Spinner size={24} /> {TEXTS.preparing}</div>
      )}
    </section>
  );
}

/** The time left on the challenge; once it has run out, new poses instead of the capture button. */
function ChallengeClock({ expiresAt, onNewPoses, children }: { expiresAt: string; onNewPoses: () => void; children: ReactNode }) {
  const seconds = useSecondsUntil(expiresAt);
  if (seconds === 0) {
    return (
      <div className="verify-expired">
        <p role="alert">{TEXTS.expired}</p>
        <Button className="verify-button" label={TEXTS.newPoses} icon="pi pi-refresh" onClick={onNewPoses} />
      </div>
    );
  }
  return (
    <div className="verify-actions">
      {children}
      {seconds !== null && <p className="verify-clock">{TEXTS.timeLeft(seconds)}</p>}
    </div>
  );
}
