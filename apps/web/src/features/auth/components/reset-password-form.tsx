import { FAILURE_TOASTS, LOGIN_PATH, SUCCESS_TOASTS, routeByName, type ResetPasswordLinkParams } from '@linkup/contract';
import { Button } from '@/components/button';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { useResetPassword } from '@/features/auth/api/reset-password';
import { FormField, FormMessage } from '@/components/form-field';
import { PasswordInput } from '@/components/password-input';
import { isApiClientError } from '@/lib/api-client';
import { placeFailure, serverFormErrors, zodFormErrors, type FormErrors } from '@/lib/form-errors';
import { schemas } from '@/lib/schemas';

type ResetField = 'password' | 'password_confirmation';

/**
 * Chooses a new password with the token from the reset link (spec §3; no number, issue 32). Success
 * goes to /auth/login with the server's message; a used or expired link says so and offers a new one.
 */
export function ResetPasswordForm({ link }: { link: ResetPasswordLinkParams }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FormErrors<ResetField>>({});
  const [formError, setFormError] = useState<{ message: string; linkProblem: boolean } | null>(null);
  const resetPassword = useResetPassword();
  const navigate = useNavigate();
  const ids = { password: useId(), confirmation: useId() };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = (await schemas()).ResetPasswordBodySchema.safeParse({ ...link, password, password_confirmation: confirmation });
    if (!parsed.success) {
      setErrors(zodFormErrors<ResetField>(parsed.error));
      return;
    }
    setErrors({});

    try {
      const message = (await resetPassword.mutateAsync(parsed.data)) ?? SUCCESS_TOASTS.passwordReset;
      toast.success(message);
      await navigate(LOGIN_PATH, { replace: true });
    } catch (error) {
      // One message in place (issue 32 item 16): beside the passwords, else 'Failed to reset password'
      // and why (a dead link with the way to a new one). No toast besides.
      const fields = isApiClientError(error) ? serverFormErrors(error.errors) : {};
      if (fields.token) {
        setFormError({ message: `${FAILURE_TOASTS.resetPassword}. ${fields.token}`, linkProblem: true });
        return;
      }
      const failure = placeFailure<'password' | 'password_confirmation'>(error, FAILURE_TOASTS.resetPassword, {
        shows: (field) => field === 'password' || field === 'password_confirmation', serverWords: true,
      });
      setErrors(failure.fields);
      setFormError(failure.alert ? { message: failure.alert, linkProblem: false } : null);
    }
  }

  return (
    <form className="auth-form" aria-label="Choose a new password" onSubmit={handleSubmit} noValidate>
      {formError && (
        <FormMessage tone="error">
          {formError.message}
          {formError.linkProblem && (
            <>
              {' '}
              <Link to={routeByName('auth.forgot-password').path} className="text-link">Request a new link</Link>
            </>
          )}
        </FormMessage>
      )}

      <FormField id={ids.password} label="New password" error={errors.password} hint="At least 8 characters. Avoid common passwords.">
        <PasswordInput id={ids.password} name="password" value={password} onChange={setPassword} autoComplete="new-password" error={errors.password} hasHint />
      </FormField>

      <FormField id={ids.confirmation} label="Confirm new password" error={errors.password_confirmation}>
        <PasswordInput id={ids.confirmation} name="password_confirmation" value={confirmation} onChange={setConfirmation} autoComplete="new-password" error={errors.password_confirmation} />
      </FormField>

      <Button type="submit" label="Reset password" className="btn-primary" loading={resetPassword.isPending} />
    </form>
  );
}

/** Shown when the link lacks its token. */
export function IncompleteResetLink() {
  return (
    <div className="auth-form">
      <FormMessage tone="error">This password reset link is incomplete. Please request a new one.</FormMessage>
      <Link to={routeByName('auth.forgot-password').path} className="btn-link-primary">Request a new link</Link>
    </div>
  );
}
