import { ONBOARDING_PATH, needsMobileConfirmation } from '@linkup/contract';
import { Button } from '@/components/button';
import { TextInput } from '@/components/text-input';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { useChangeMobile } from '@/features/settings/api/change-mobile';
import { useRequestMobileCode } from '@/features/settings/api/request-mobile-code';
import { FormField, fieldAria } from '@/components/form-field';
import { PasswordInput } from '@/components/password-input';
import { isApiClientError, callErrorMessage } from '@/lib/api-client';
import { serverFormErrors, zodFormErrors, type FormErrors } from '@/lib/form-errors';
import { useSessionStore } from '@/lib/session-store';
import { useSecondsUntil } from '@/lib/use-countdown';
import { schemas } from '@/lib/schemas';
import { currentPasswordFor, useHasPassword } from '@/features/settings/hooks/use-has-password';

type Field = 'mobile' | 'otp' | 'current_password';

interface CodeSent {
  mobile: string;
  resendAt: string;
}

/**
 * Change my mobile number in two steps: the current password and the new number send it a
 * WhatsApp code, then the code confirms it. The code step can send a new code after the
 * cool-down or start over.
 */
export function ChangeMobileForm() {
  const user = useSessionStore((s) => s.user);
  const hasPassword = useHasPassword();
  const [mobile, setMobile] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [sent, setSent] = useState<CodeSent | null>(null);
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const requestCode = useRequestMobileCode();
  const changeMobile = useChangeMobile();
  const wait = useSecondsUntil(sent?.resendAt);
  const ids = { title: useId(), mobile: useId(), otp: useId(), password: useId() };

  function showError(error: unknown, fallback: string) {
    if (isApiClientError(error) && error.status === 422) setErrors(serverFormErrors<Field>(error.errors));
    else toast.error(callErrorMessage(error, fallback));
  }

  async function sendCode(number: string) {
    const parsed = (await schemas()).MobileChangeCodeBodySchema.safeParse({ mobile: number, current_password: currentPasswordFor(hasPassword, password) });
    if (!parsed.success) {
      setErrors(zodFormErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    try {
      const result = await requestCode.mutateAsync(parsed.data);
      toast.success(result.message ?? 'We sent a code to your new number on WhatsApp.');
      setSent({ mobile: result.mobile, resendAt: result.resend_available_at });
      setOtp('');
    } catch (error) {
      showError(error, 'Could not send the code.');
    }
  }

  async function handleSendCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await sendCode(mobile);
  }

  async function handleConfirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!sent) return;
    const parsed = (await schemas()).ChangeMobileBodySchema.safeParse({ mobile: sent.mobile, otp });
    if (!parsed.success) {
      setErrors(zodFormErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    try {
      const { message } = await changeMobile.mutateAsync(parsed.data);
      toast.success(message ?? 'Your mobile number has been changed.');
      setSent(null);
      setMobile('');
      setPassword('');
      setOtp('');
    } catch (error) {
      showError(error, 'Could not change your mobile number.');
    }
  }

  function startOver() {
    setSent(null);
    setOtp('');
    setErrors({});
  }

  return (
    <section className="panel-card" aria-labelledby={ids.title}>
      <h2 id={ids.title} className="panel-card-title">Mobile number</h2>
      {user?.phone_number && (
        <p className="settings-current" data-testid="current-mobile">
          <span>{user.phone_number}</span>
          {needsMobileConfirmation(user)
            ? <span className="settings-chip">Not confirmed yet</span>
            : <span className="settings-chip settings-chip--ok">Confirmed</span>}
        </p>
      )}
      {user && needsMobileConfirmation(user) && (
        <p className="panel-card-text">
          {user.phone_number
            ? 'Sign-in codes, likes and messages wait until you enter the code we sent to it on WhatsApp. Or confirm a different number below.'
            : 'Your number was confirmed by another account. Add your own number below.'}
          {user.phone_number && <>{' '}<Link to={ONBOARDING_PATH} className="text-link">Confirm this number</Link></>}
        </p>
      )}
      {!sent ? (
        <form className="settings-form" aria-label="Change mobile number" onSubmit={handleSendCode} noValidate>
          <FormField id={ids.mobile} label="New mobile number" error={errors.mobile} hint="We will send a code to this number on WhatsApp.">
            <TextInput
              id={ids.mobile}
              name="mobile"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              value={mobile}
              onChange={(e) => setMobile(e.target.value)}
              className="field-control"
              invalid={Boolean(errors.mobile)}
              {...fieldAria(ids.mobile, errors.mobile, true)}
            />
          </FormField>
          {hasPassword && (
            <FormField id={ids.password} label="Current password" error={errors.current_password}>
              <PasswordInput id={ids.password} name="current_password" value={password} onChange={setPassword} autoComplete="current-password" error={errors.current_password} />
            </FormField>
          )}
          <div className="settings-actions">
            <Button type="submit" label="Send code" icon="pi pi-whatsapp" className="btn-primary" loading={requestCode.isPending} />
          </div>
        </form>
      ) : (
        <form className="settings-form" aria-label="Confirm new mobile number" onSubmit={handleConfirm} noValidate>
          <p className="panel-card-text">
            Enter the 6-digit code we sent on WhatsApp to <strong>{sent.mobile}</strong>.
          </p>
          <FormField id={ids.otp} label="Code" error={errors.otp ?? errors.mobile}>
            <TextInput
              id={ids.otp}
              name="otp"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={otp}
              onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
              className="field-control"
              invalid={Boolean(errors.otp ?? errors.mobile)}
              {...fieldAria(ids.otp, errors.otp ?? errors.mobile)}
            />
          </FormField>
          <div className="settings-actions">
            <Button type="submit" label="Confirm new number" className="btn-primary" loading={changeMobile.isPending} />
            <Button
              type="button"
              label={wait ? `Send a new code in ${wait}s` : 'Send a new code'}
              className="btn-secondary"
              disabled={Boolean(wait) || requestCode.isPending}
              onClick={() => void sendCode(sent.mobile)}
            />
            <Button type="button" label="Use a different number" className="btn-secondary" onClick={startOver} />
          </div>
        </form>
      )}
    </section>
  );
}
