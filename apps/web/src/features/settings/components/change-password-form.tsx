import { Button } from '@/components/button';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { useChangePassword } from '@/features/settings/api/change-password';
import { FormField } from '@/components/form-field';
import { PasswordInput } from '@/components/password-input';
import { isApiClientError, callErrorMessage } from '@/lib/api-client';
import { serverFormErrors, zodFormErrors, type FormErrors } from '@/lib/form-errors';
import { useSessionStore } from '@/lib/session-store';
import { schemas } from '@/lib/schemas';
import { currentPasswordFor, useHasPassword } from '@/features/settings/hooks/use-has-password';

type Field = 'current_password' | 'password' | 'password_confirmation';

/**
 * Change my password: the current one first; my other devices are signed out afterwards. An
 * account without a password (phone-first sign-up) sets its first one here, with nothing to confirm.
 */
export function ChangePasswordForm() {
  const username = useSessionStore((s) => s.user?.email ?? s.user?.phone_number ?? '');
  const hasPassword = useHasPassword();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const changePassword = useChangePassword();
  const ids = { title: useId(), current: useId(), password: useId(), confirmation: useId() };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = (await schemas()).ChangePasswordBodySchema.safeParse({ current_password: currentPasswordFor(hasPassword, current), password, password_confirmation: confirmation });
    if (!parsed.success) {
      setErrors(zodFormErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    try {
      const { message } = await changePassword.mutateAsync(parsed.data);
      toast.success(message ?? (hasPassword ? 'Your password has been changed.' : 'Your password has been set.'));
      setCurrent('');
      setPassword('');
      setConfirmation('');
    } catch (error) {
      if (isApiClientError(error) && error.status === 422) setErrors(serverFormErrors<Field>(error.errors));
      else toast.error(callErrorMessage(error, 'Could not change your password.'));
    }
  }

  return (
    <section className="panel-card" aria-labelledby={ids.title}>
      <h2 id={ids.title} className="panel-card-title">Password</h2>
      {!hasPassword && (
        <p className="panel-card-text">You sign in with WhatsApp codes. Set a password to sign in with your e-mail address or number and a password as well.</p>
      )}
      <form className="settings-form" aria-label={hasPassword ? 'Change password' : 'Set a password'} onSubmit={handleSubmit} noValidate>
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        {hasPassword && (
          <FormField id={ids.current} label="Current password" error={errors.current_password}>
            <PasswordInput id={ids.current} name="current_password" value={current} onChange={setCurrent} autoComplete="current-password" error={errors.current_password} />
          </FormField>
        )}
        <FormField id={ids.password} label="New password" error={errors.password} hint="At least 8 characters. Avoid common passwords.">
          <PasswordInput id={ids.password} name="password" value={password} onChange={setPassword} autoComplete="new-password" error={errors.password} hasHint />
        </FormField>
        <FormField id={ids.confirmation} label="Confirm new password" error={errors.password_confirmation}>
          <PasswordInput id={ids.confirmation} name="password_confirmation" value={confirmation} onChange={setConfirmation} autoComplete="new-password" error={errors.password_confirmation} />
        </FormField>
        <p className="panel-card-text">Your other devices will be signed out; this one stays signed in.</p>
        <div className="settings-actions">
          <Button type="submit" label={hasPassword ? 'Change password' : 'Set password'} className="btn-primary" loading={changePassword.isPending} />
        </div>
      </form>
    </section>
  );
}
