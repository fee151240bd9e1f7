import '@/features/verification/verification.css';
import {
  VERIFICATION_REASON_TEXTS, type VerificationRejectionReason, type VerificationResult, type VerificationState,
} from '@linkup/contract';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { FormMessage } from '@/components/form-field';
import { LoadFailed, Loading } from '@/components/load-state';
import { PageHeader } from '@/components/page-header';
import { Spinner } from '@/components/spinner';
import { VerifiedBadge } from '@/components/verified-badge';
import { useVerification } from '@/features/verification/api/get-verification';
import { useSubmitSelfie } from '@/features/verification/api/submit-selfie';
import { CameraStep } from '@/features/verification/components/camera-step';
import { VERIFY_TEXTS } from '@/features/verification/components/verify-texts';
import { callErrorMessage } from '@/lib/api-client';
import { DISPLAY_LOCALE } from '@/lib/format';

export interface VerifyPaths {
  profile: string;
  photos: string;
  contact: string;
}

type Step = { kind: 'consent' } | { kind: 'camera' } | { kind: 'checking' } | { kind: 'result'; result: VerificationResult };

const dateFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * "Verify your profile" (issue 31): explicit consent → the camera with a two-pose challenge →
 * "Checking…" → the result and what to do next. A verified member or one waiting for a moderator
 * sees where they stand instead.
 */
export function VerifyScreen({ title, paths }: { title: string; paths: VerifyPaths }) {
  const state = useVerification();
  const [step, setStep] = useState<Step>({ kind: 'consent' });
  const submit = useSubmitSelfie();

  function send(challengeId: string, images: Blob[]) {
    setStep({ kind: 'checking' });
    submit.mutate({ challengeId, images }, {
      onSuccess: (result) => setStep({ kind: 'result', result }),
      onError: () => setStep({ kind: 'consent' }),
    });
  }

  let body;
  if (state.isPending) body = <Loading label={VERIFY_TEXTS.loading} />;
  else if (state.isError) body = <LoadFailed what={VERIFY_TEXTS.what} onRetry={() => void state.refetch()} />;
  else if (step.kind === 'checking') body = <Checking />;
  else if (step.kind === 'result') body = <Result result={step.result} state={state.data} paths={paths} onRetry={() => setStep({ kind: 'camera' })} />;
  else if (state.data.status === 'verified' || state.data.status === 'pending_review') body = <Standing state={state.data} paths={paths} />;
  else if (state.data.attempts_left_today === 0) body = <NoAttempts state={state.data} paths={paths} />;
  else if (step.kind === 'camera') body = <CameraStep photosPath={paths.photos} onCaptured={send} />;
  else {
    body = (
      <>
        {submit.isError && <FormMessage tone="error">{callErrorMessage(submit.error, VERIFY_TEXTS.sendFailed)}</FormMessage>}
        <LastRejection state={state.data} paths={paths} />
        <Consent attemptsLeft={state.data.attempts_left_today} onAgree={() => setStep({ kind: 'camera' })} />
      </>
    );
  }

  return (
    <section className="verify-page">
      <PageHeader title={title} />
      {body}
    </section>
  );
}

function Consent({ attemptsLeft, onAgree }: { attemptsLeft: number; onAgree: () => void }) {
  const TEXTS = VERIFY_TEXTS.consent;
  const headingId = useId();
  const boxId = useId();
  const [agreed, setAgreed] = useState(false);
  const [refused, setRefused] = useState(false);

  function start(event: FormEvent) {
    event.preventDefault();
    if (agreed) onAgree();
    else setRefused(true);
  }

  return (
    <form className="verify-card verify-consent" aria-labelledby={headingId} onSubmit={start} noValidate>
      <h2 id={headingId} className="verify-heading">{TEXTS.heading}</h2>
      <p>{TEXTS.intro}</p>
      <h3 className="verify-subheading">{TEXTS.checkedHeading}</h3>
      <ul className="verify-list">{TEXTS.checked.map((line) => <li key={line}>{line}</li>)}</ul>
      <h3 className="verify-subheading">{TEXTS.whereHeading}</h3>
      <p>{TEXTS.where}</p>
      <h3 className="verify-subheading">{TEXTS.keptHeading}</h3>
      <ul className="verify-list">{TEXTS.kept.map((line) => <li key={line}>{line}</li>)}</ul>
      <label className="checkbox-row" htmlFor={boxId}>
        <input id={boxId} type="checkbox" checked={agreed} aria-invalid={refused && !agreed}
          aria-describedby={refused && !agreed ? `${boxId}-error` : undefined}
          onChange={(event) => setAgreed(event.target.checked)} />
        <span>{TEXTS.agree}</span>
      </label>
      {refused && !agreed && <p id={`${boxId}-error`} className="field-error" role="alert">{TEXTS.mustAgree}</p>}
      <p className="verify-attempts">{VERIFY_TEXTS.attemptsLeft(attemptsLeft)}</p>
      <Button className="verify-button" type="submit" label={TEXTS.start} icon="pi pi-camera" />
    </form>
  );
}

function Checking() {
  return (
    <div className="verify-card verify-checking" role="status">
      <Spinner size={48} />
      <p className="verify-heading">{VERIFY_TEXTS.checking}</p>
      <p>{VERIFY_TEXTS.checkingHint}</p>
    </div>
  );
}

/** Each rejection reason with what to do about it. */
function Reasons({ reasons, paths }: { reasons: readonly VerificationRejectionReason[]; paths: VerifyPaths }) {
  return (
    <ul className="verify-reasons">
      {reasons.map((reason) => (
        <li key={reason}>
          {VERIFICATION_REASON_TEXTS[reason]}
          {reason === 'face_mismatch' && <> <Link to={paths.photos}>{VERIFY_TEXTS.result.changePhotos}</Link></>}
          {reason === 'duplicate_selfie' && <> <Link to={paths.contact}>{VERIFY_TEXTS.result.contact}</Link></>}
        </li>
      ))}
    </ul>
  );
}

function Result({ result, state, paths, onRetry }: { result: VerificationResult; state: VerificationState; paths: VerifyPaths; onRetry: () => void }) {
  const TEXTS = VERIFY_TEXTS.result;
  if (result.status !== 'rejected') {
    const verified = result.status === 'verified';
    return (
      <div className="verify-card verify-result" role="status">
        <p className="verify-heading">
          {verified ? TEXTS.verified : TEXTS.pending}
          <VerifiedBadge verified={verified} />
        </p>
        <p>{verified ? TEXTS.verifiedHint : TEXTS.pendingHint}</p>
        <Link className="btn-link-primary" to={paths.profile}>{TEXTS.toProfile}</Link>
      </div>
    );
  }
  const attemptsLeft = state.attempts_left_today;
  return (
    <div className="verify-card verify-result">
      <p className="verify-heading" role="alert">{TEXTS.rejected}</p>
      <Reasons reasons={result.reasons} paths={paths} />
      <p className="verify-attempts">{attemptsLeft > 0 ? VERIFY_TEXTS.attemptsLeft(attemptsLeft) : TEXTS.noAttempts}</p>
      {attemptsLeft > 0 && <Button className="verify-button" label={TEXTS.tryAgain} icon="pi pi-refresh" onClick={onRetry} />}
    </div>
  );
}

/** Verified, or waiting for a moderator: nothing to do here now. */
function Standing({ state, paths }: { state: VerificationState; paths: VerifyPaths }) {
  const verified = state.status === 'verified';
  return (
    <div className="verify-card verify-result" role="status">
      <p className="verify-heading">
        {verified ? VERIFY_TEXTS.result.verified : VERIFY_TEXTS.result.pending}
        <VerifiedBadge verified={verified} />
      </p>
      <p>
        {verified
          ? state.verified_at ? VERIFY_TEXTS.verifiedOn(dateFormat.format(new Date(state.verified_at))) : VERIFY_TEXTS.result.verifiedHint
          : VERIFY_TEXTS.result.pendingHint}
      </p>
      <Link className="btn-link-primary" to={paths.profile}>{VERIFY_TEXTS.result.toProfile}</Link>
    </div>
  );
}

function NoAttempts({ state, paths }: { state: VerificationState; paths: VerifyPaths }) {
  return (
    <div className="verify-card">
      <LastRejection state={state} paths={paths} />
      <p className="verify-heading" role="status">{VERIFY_TEXTS.result.noAttempts}</p>
    </div>
  );
}

function LastRejection({ state, paths }: { state: VerificationState; paths: VerifyPaths }) {
  if (state.status !== 'rejected' || state.reasons.length === 0) return null;
  return (
    <div className="verify-last">
      <p>{VERIFY_TEXTS.result.lastRejected}</p>
      <Reasons reasons={state.reasons} paths={paths} />
    </div>
  );
}
