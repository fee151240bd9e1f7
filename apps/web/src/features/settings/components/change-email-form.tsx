import { Button } from '@/components/button';
import { TextInput } from '@/components/text-input';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { useChangeEmail } from '@/features/settings/api/change-email';
import { FormField, fieldAria } from '@/components/form-field';
import { PasswordInput } from '@/components/password-input';
import { isApiClientError, callErrorMessage } from '@/lib/api-client';
import { serverFormErrors, zodFormErrors, type FormErrors } from '@/lib/form-errors';
import { useSessionStore } from '@/lib/session-store';
import { schemas } from '@/lib/schemas';
import { currentPasswordFor, useHasPassword } from '@/features/settings/hooks/use-has-password';

type Field = 'email' | 'current_password';

/** Change my e-mail address: the current password confirms it; the new address gets a verification link. */
export function ChangeEmailForm() {
  const user = useSessionStore((s) => s.user);
  const hasPassword = useHasPassword();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const changeEmail = useChangeEmail();
  const ids = { title: useId(), email: useId(), password: useId() };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = (await schemas()).ChangeEmailBodySchema.safeParse({ email, current_password: currentPasswordFor(hasPassword, password) });
    if (!parsed.success) {
      setErrors(zodFormErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    try {
      const { message } = await changeEmail.mutateAsync(parsed.data);
      toast.success(message ?? 'Your e-mail address has been changed.');
      setEmail('');
      setPassword('');
    } catch (error) {
      if (isApiClientError(error) && error.status === 422) setErrors(serverFormErrors<Field>(error.errors));
      else toast.error(callErrorMessage(error, 'Could not change your e-mail address.'));
    }
  }

  return (
    <section className="panel-card" aria-labelledby={ids.title}>
      <h2 id={ids.title} className="panel-card-title">E-mail address</h2>
      {user?.email && (
        <p className="settings-current" data-testid="current-email">
          <span>{user.email}</span>
          {user.email_verified_at
            ? <span className="settings-chip settings-chip--ok">Verified</span>
            : <span className="settings-chip">Not verified yet</span>}
        </p>
      )}
      <form className="settings-form" aria-label="Change e-mail address" onSubmit={handleSubmit} noValidate>
        <FormField id={ids.email} label="New e-mail address" error={errors.email} hint="We will send a verification link to this address." >
          <TextInput
            id={ids.email}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className="field-control"
            invalid={Boolean(errors.email)}
            {...fieldAria(ids.email, errors.email, true)}
          />
        </FormField>
        {hasPassword && (
          <FormField id={ids.password} label="Current password" error={errors.current_password}>
            <PasswordInput id={ids.password} name="current_password" value={password} onChange={setPassword} autoComplete="current-password" error={errors.current_password} />
          </FormField>
        )}
        <div className="settings-actions">
          <Button type="submit" label="Change e-mail" className="btn-primary" loading={changeEmail.isPending} />
        </div>
      </form>
    </section>
  );
}
