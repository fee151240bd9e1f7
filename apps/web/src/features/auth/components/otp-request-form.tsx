import { FAILURE_TOASTS, SUCCESS_TOASTS, routeByName } from '@linkup/contract';
import { Button } from '@/components/button';
import { TextInput } from '@/components/text-input';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { useRequestOtp } from '@/features/auth/api/request-otp';
import { useOtpStore } from '@/features/auth/stores/otp-store';
import { REDIRECT_PARAM, safeRedirect } from '@/features/auth/utils/redirect';
import { FormField, FormMessage, fieldAria } from '@/components/form-field';
import { placeFailure, zodFormErrors } from '@/lib/form-errors';
import { schemas } from '@/lib/schemas';

/**
 * Sign-in with WhatsApp, step one (spec §4 "Auth", §7): the mobile number gets a one-time code;
 * the number, the code's expiry and the return address are kept for /auth/otp-verification.
 */
export function OtpRequestForm() {
  const [mobile, setMobile] = useState(() => useOtpStore.getState().mobile ?? '');
  const [mobileError, setMobileError] = useState<string>();
  const [formError, setFormError] = useState<string | null>(null);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const requestOtp = useRequestOtp();
  const id = useId();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = (await schemas()).MobileBodySchema.safeParse({ mobile });
    if (!parsed.success) {
      setMobileError(zodFormErrors<'mobile'>(parsed.error).mobile);
      return;
    }
    setMobileError(undefined);

    try {
      const sent = await requestOtp.mutateAsync(parsed.data);
      useOtpStore.getState().codeSent(parsed.data.mobile, sent, safeRedirect(searchParams.get(REDIRECT_PARAM)));
      toast.success(SUCCESS_TOASTS.otpSent);
      await navigate(routeByName('auth.otp').path);
    } catch (error) {
      // One message in place (issue 32 item 16): beside the number, else the failure and why; no toast besides.
      const failure = placeFailure<'mobile'>(error, FAILURE_TOASTS.sendOtp, { shows: (field) => field === 'mobile', serverWords: true });
      setFormError(failure.alert);
      setMobileError(failure.fields.mobile);
    }
  }

  return (
    <form className="auth-form" aria-label="Sign in with WhatsApp" onSubmit={handleSubmit} noValidate>
      {formError && <FormMessage tone="error">{formError}</FormMessage>}

      <FormField id={id} label="Mobile number" error={mobileError} hint="Your WhatsApp number, with its country code.">
        <span className="input-with-icon field-control">
          <i className="pi pi-mobile" aria-hidden="true" />
          <TextInput
            id={id}
            name="mobile"
            type="tel"
            value={mobile}
            onChange={(e) => setMobile(e.target.value)}
            autoComplete="tel"
            inputMode="tel"
            placeholder="+27 82 123 4567"
            invalid={Boolean(mobileError)}
            {...fieldAria(id, mobileError, true)}
          />
        </span>
      </FormField>

      <Button type="submit" label="Send code" icon="pi pi-whatsapp" className="btn-primary btn-whatsapp" loading={requestOtp.isPending} />
    </form>
  );
}
