import { AUTH_MESSAGES, FAILURE_TOASTS, OTP_LENGTH, SUCCESS_TOASTS, routeByName, type SessionUser } from '@linkup/contract';
import { Button } from '@/components/button';
import { TextInput } from '@/components/text-input';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { useConfirmMobile } from '@/features/auth/api/confirm-mobile';
import { useResendMobileConfirmation } from '@/features/auth/api/resend-mobile-confirmation';
import { FormField, FormMessage, fieldAria } from '@/components/form-field';
import { isApiClientError } from '@/lib/api-client';
import { serverFormErrors, zodFormErrors } from '@/lib/form-errors';
import { formatCountdown } from '@/lib/format';
import { useSecondsUntil } from '@/lib/use-countdown';
import { schemas } from '@/lib/schemas';

export const CONFIRM_MOBILE_TEXTS = {
  title: 'Confirm your number',
  sentTo: `We sent a ${OTP_LENGTH}-digit code on WhatsApp to`,
  why: 'Confirming it keeps your number yours: sign-in codes go to it, and likes and messages open once it is confirmed.',
  code: 'Verification code',
  confirm: 'Confirm number',
  resend: 'Resend code',
  notReceived: "Didn't get it?",
  wrongNumber: 'Wrong number? Change it in Account Settings',
} as const;

/**
 * The step after registration (issue 27): the 6-digit code sent by WhatsApp to the number the
 * member registered with; a new code after the cool-down. Without a number to confirm (another
 * account confirmed it first) it points to Account Settings, where a new number can be added.
 */
export function ConfirmMobileForm({ mobile, onConfirmed }: { mobile: string | null; onConfirmed: (user: SessionUser) => void }) {
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [formError, setFormError] = useState<string | null>(mobile ? null : AUTH_MESSAGES.mobileClaimedElsewhere);
  const [resendAt, setResendAt] = useState<string | null>(null);
  const confirm = useConfirmMobile();
  const resend = useResendMobileConfirmation();
  const resendIn = useSecondsUntil(resendAt);
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const settingsPath = routeByName('app.settings.account').path;

  /** One message in place (issue 32 item 16): beside the code, else in the form's alert; no toast besides. */
  function showRefusal(error: unknown, fallback: string) {
    if (isApiClientError(error) && error.status >= 400 && error.status < 500) {
      const field = serverFormErrors<'otp' | 'mobile'>(error.errors);
      if (field.otp) setCodeError(field.otp);
      else setFormError(field.mobile ?? error.serverMessage ?? error.message);
    } else {
      setFormError(isApiClientError(error) ? error.message : fallback);
    }
  }

  async function handleConfirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = (await schemas()).ConfirmMobileBodySchema.safeParse({ otp: code });
    if (!parsed.success) {
      setCodeError(zodFormErrors<'otp'>(parsed.error).otp);
      inputRef.current?.focus();
      return;
    }
    setCodeError(undefined);
    try {
      const { user, message } = await confirm.mutateAsync(parsed.data);
      toast.success(message ?? AUTH_MESSAGES.mobileConfirmed);
      onConfirmed(user);
    } catch (error) {
      setCode('');
      showRefusal(error, FAILURE_TOASTS.invalidOtp);
      inputRef.current?.focus();
    }
  }

  async function handleResend() {
    setFormError(null);
    try {
      const sent = await resend.mutateAsync();
      setResendAt(sent.resend_available_at);
      setCode('');
      setCodeError(undefined);
      toast.success(sent.message ?? SUCCESS_TOASTS.otpResent);
      inputRef.current?.focus();
    } catch (error) {
      showRefusal(error, FAILURE_TOASTS.sendOtp);
    }
  }

  return (
    <form className="auth-form confirm-mobile-form" aria-label={CONFIRM_MOBILE_TEXTS.title} onSubmit={handleConfirm} noValidate>
      {mobile && (
        <p className="otp-sent-to">
          {CONFIRM_MOBILE_TEXTS.sentTo} <strong className="otp-mobile" data-testid="confirm-mobile-number">{mobile}</strong>.{' '}
          {CONFIRM_MOBILE_TEXTS.why}
        </p>
      )}

      {formError && <FormMessage tone="error">{formError}</FormMessage>}

      {mobile && (
        <>
          <FormField id={id} label={CONFIRM_MOBILE_TEXTS.code} error={codeError}>
            <TextInput
              ref={inputRef}
              id={id}
              name="otp"
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
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

          <Button type="submit" label={CONFIRM_MOBILE_TEXTS.confirm} className="btn-primary" loading={confirm.isPending} />

          <div className="otp-resend">
            <span className="otp-resend-text">{CONFIRM_MOBILE_TEXTS.notReceived}</span>
            <Button
              type="button"
              label={CONFIRM_MOBILE_TEXTS.resend}
              className="p-button-text btn-text"
              onClick={() => void handleResend()}
              disabled={Boolean(resendIn) || resend.isPending}
              loading={resend.isPending}
            />
            {Boolean(resendIn) && <span className="otp-resend-wait">in {formatCountdown(resendIn)}</span>}
          </div>
        </>
      )}

      <Link to={settingsPath} className="text-link">{CONFIRM_MOBILE_TEXTS.wrongNumber}</Link>
    </form>
  );
}
