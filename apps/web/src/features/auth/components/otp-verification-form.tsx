import { AUTH_MESSAGES, FAILURE_TOASTS, OTP_LENGTH, SUCCESS_TOASTS, UI_TEXTS, routeByName, wrongCodeMessage } from '@linkup/contract';
import { Button } from '@/components/button';
import { TextInput } from '@/components/text-input';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { getOtpStatus } from '@/features/auth/api/otp-status';
import { useResendOtp } from '@/features/auth/api/resend-otp';
import { useVerifyOtp } from '@/features/auth/api/verify-otp';
import { useOtpStore } from '@/features/auth/stores/otp-store';
import { whatsappLoginPath } from '@/features/auth/utils/login-method';
import { postLoginPath } from '@/features/auth/utils/redirect';
import { FormField, FormMessage, fieldAria } from '@/components/form-field';
import { isApiClientError, type ApiClientError } from '@/lib/api-client';
import { placeFailure, serverFormErrors, zodFormErrors } from '@/lib/form-errors';
import { formatCountdown } from '@/lib/format';
import { useSessionStore } from '@/lib/session-store';
import { useSecondsUntil } from '@/lib/use-countdown';
import { schemas } from '@/lib/schemas';

/** The server judged the code (wrong, expired, used up or locked) rather than failing to answer. */
const isCodeRejection = (error: ApiClientError) => error.status >= 400 && error.status < 500;

/**
 * What a refused code says (issue 32), from the error's code and details, never its English:
 * the tries left, or — after the last — that a new code is needed.
 */
function rejectionMessage(error: ApiClientError): string {
  if (error.code === 'otp_locked') return AUTH_MESSAGES.otpLocked;
  if (error.code === 'otp_invalid') return wrongCodeMessage(error.details?.tries_left);
  return serverFormErrors(error.errors).otp ?? error.serverMessage ?? FAILURE_TOASTS.invalidOtp;
}

/**
 * Sign-in with WhatsApp, step two (spec §4 "Auth"): the code sent to the stored number, with the
 * code's countdown and a resend once the cool-down is over. Without a stored number it says so
 * (spec §5) and points back to the start.
 */
export function OtpVerificationForm() {
  const mobile = useOtpStore((s) => s.mobile);
  if (!mobile) return <NoStoredMobile />;
  return <OtpCodeForm mobile={mobile} />;
}

function NoStoredMobile() {
  return (
    <div className="auth-form">
      <FormMessage tone="error">{UI_TEXTS.noMobileNumber}</FormMessage>
      <Link to={whatsappLoginPath()} className="btn-link-primary">
        <i className="pi pi-arrow-left" aria-hidden="true" />
        Back to sign in
      </Link>
    </div>
  );
}

function OtpCodeForm({ mobile }: { mobile: string }) {
  const expiresAt = useOtpStore((s) => s.expiresAt);
  const resendAvailableAt = useOtpStore((s) => s.resendAvailableAt);
  const returnTo = useOtpStore((s) => s.returnTo);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [formError, setFormError] = useState<string | null>(null);
  const [checking, setChecking] = useState(true);
  /** The code's last try was wrong: it is dead, and Resend works at once (issue 32). */
  const [locked, setLocked] = useState(false);
  const navigate = useNavigate();
  const verifyOtp = useVerifyOtp();
  const resendOtp = useResendOtp();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const expiresIn = useSecondsUntil(expiresAt);
  const resendIn = useSecondsUntil(resendAvailableAt);
  const canResend = (locked || !resendIn) && !resendOtp.isPending;

  /** Asks the server how long the current code has left (on arrival and after a refusal). */
  const refreshStatus = useCallback(
    async (signal?: AbortSignal) => {
      setChecking(true);
      try {
        const status = await getOtpStatus({ mobile }, signal);
        if (useOtpStore.getState().mobile === mobile) useOtpStore.getState().statusChecked(status);
      } catch (error) {
        if (!signal?.aborted) console.warn('Could not check the code status', error);
      } finally {
        if (!signal?.aborted) setChecking(false);
      }
    },
    [mobile],
  );

  useEffect(() => {
    const controller = new AbortController();
    void refreshStatus(controller.signal);
    return () => controller.abort();
  }, [refreshStatus]);

  function handleVerify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void verify(code);
  }

  async function verify(otp: string) {
    if (verifyOtp.isPending) return;
    setFormError(null);
    const parsed = (await schemas()).VerifyOtpBodySchema.safeParse({ mobile, otp });
    if (!parsed.success) {
      setCodeError(zodFormErrors<'otp'>(parsed.error).otp);
      inputRef.current?.focus();
      return;
    }
    setCodeError(undefined);

    try {
      const verified = await verifyOtp.mutateAsync(parsed.data);
      if ('signup_token' in verified) {
        // A new number (issue 32): on to the short sign-up, which replaces this step in history.
        useOtpStore.getState().signupStarted(verified);
        await navigate(routeByName('auth.register').path, { replace: true });
        return;
      }
      const session = verified;
      const { returnTo } = useOtpStore.getState();
      useOtpStore.getState().clear();
      toast.success(SUCCESS_TOASTS.loginSuccess);
      useSessionStore.getState().signIn(session, postLoginPath(session.user, returnTo));
    } catch (error) {
      if (isApiClientError(error) && isCodeRejection(error)) {
        // One message, beside the code (issue 32): the tries left, or that a new code is needed.
        if (error.code === 'otp_locked') setLocked(true);
        useOtpStore.getState().codeRejected();
        setCode('');
        setCodeError(rejectionMessage(error));
        inputRef.current?.focus();
        void refreshStatus();
      } else {
        // The code was never checked (offline, server error): keep everything and let them retry.
        // One message in place (issue 32 item 16), no toast besides.
        setFormError(isApiClientError(error) ? error.message : FAILURE_TOASTS.invalidOtp);
      }
    }
  }

  async function handleResend() {
    setFormError(null);
    const current = useOtpStore.getState().mobile;
    if (!current) {
      toast.error(UI_TEXTS.noMobileNumber);
      return;
    }
    try {
      const sent = await resendOtp.mutateAsync({ mobile: current });
      useOtpStore.getState().codeResent(sent);
      setLocked(false);
      setCode('');
      setCodeError(undefined);
      toast.success(SUCCESS_TOASTS.otpResent);
      inputRef.current?.focus();
    } catch (error) {
      setFormError(placeFailure(error, FAILURE_TOASTS.sendOtp, { shows: () => false, serverWords: true }).alert);
    }
  }

  const expired = !expiresIn;
  return (
    <form className="auth-form" aria-label="Verify your number" onSubmit={handleVerify} noValidate>
      <p className="otp-sent-to">
        We sent a {OTP_LENGTH}-digit code to <strong className="otp-mobile">{mobile}</strong> on WhatsApp.{' '}
        <Link to={whatsappLoginPath(returnTo)} className="text-link">Change number</Link>
      </p>

      {formError && <FormMessage tone="error">{formError}</FormMessage>}

      <FormField id={id} label="Verification code" error={codeError}>
        <TextInput
          ref={inputRef}
          id={id}
          name="otp"
          value={code}
          onChange={(e) => {
            const digits = e.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH);
            setCode(digits);
            // The sixth digit sends the code by itself (issue 32).
            if (digits.length === OTP_LENGTH && digits !== code && !verifyOtp.isPending) void verify(digits);
          }}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={OTP_LENGTH}
          placeholder={'•'.repeat(OTP_LENGTH)}
          className="otp-input field-control"
          autoFocus
          invalid={Boolean(codeError)}
          {...fieldAria(id, codeError)}
        />
      </FormField>

      {!(checking && expired) && !locked && (
        <p className={`otp-countdown${expired ? ' is-expired' : ''}`} role="timer" aria-live={expired ? 'polite' : 'off'}>
          <i className={`pi ${expired ? 'pi-exclamation-triangle' : 'pi-clock'}`} aria-hidden="true" />
          {expired ? 'Code expired' : `Code expires in ${formatCountdown(expiresIn)}`}
        </p>
      )}

      <Button type="submit" label="Verify" className="btn-primary" loading={verifyOtp.isPending} />

      <div className="otp-resend">
        <span className="otp-resend-text">Didn't get it?</span>
        <Button
          type="button"
          label="Resend code"
          className="p-button-text btn-text"
          onClick={handleResend}
          disabled={!canResend}
          loading={resendOtp.isPending}
        />
        {Boolean(resendIn) && <span className="otp-resend-wait">in {formatCountdown(resendIn)}</span>}
      </div>
    </form>
  );
}
