import { ACCOUNT_DELETION_SUMMARY, SETTINGS_MESSAGES } from '@linkup/contract';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { useDeleteAccount } from '@/features/settings/api/delete-account';
import { useEndDeletedAccount } from '@/features/settings/hooks/use-end-deleted-account';
import { FormField } from '@/components/form-field';
import { PasswordInput } from '@/components/password-input';
import { isApiClientError, callErrorMessage } from '@/lib/api-client';
import { serverFormErrors, zodFormErrors } from '@/lib/form-errors';
import { schemas } from '@/lib/schemas';
import { currentPasswordFor, useHasPassword } from '@/features/settings/hooks/use-has-password';

/**
 * Delete my account: a dialog says what goes and asks for the password. Afterwards this device
 * is signed out and the member lands on the sign-in page with a toast.
 */
export function DeleteAccountCard() {
  const hasPassword = useHasPassword();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const deleteAccount = useDeleteAccount();
  const endSession = useEndDeletedAccount();
  const ids = { title: useId(), password: useId(), form: useId() };

  function close() {
    if (deleteAccount.isPending) return;
    setOpen(false);
    setPassword('');
    setError(undefined);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = (await schemas()).DeleteAccountBodySchema.safeParse({ password: currentPasswordFor(hasPassword, password) });
    if (!parsed.success) {
      setError(zodFormErrors<'password'>(parsed.error).password);
      return;
    }
    setError(undefined);
    try {
      const message = await deleteAccount.mutateAsync(parsed.data);
      endSession(message ?? SETTINGS_MESSAGES.accountDeleted);
    } catch (err) {
      if (hasPassword && isApiClientError(err) && err.status === 422) setError(serverFormErrors<'password'>(err.errors).password ?? err.message);
      else toast.error(callErrorMessage(err, 'Could not delete your account.'));
    }
  }

  return (
    <section className="panel-card settings-card--danger" aria-labelledby={ids.title}>
      <h2 id={ids.title} className="panel-card-title">Delete account</h2>
      <p className="panel-card-text">
        Deleting your account is permanent. Everything about you is removed from LinkUp and cannot be restored.
      </p>
      <div className="settings-actions">
        <Button type="button" label="Delete my account" icon="pi pi-trash" className="btn-danger-outline" onClick={() => setOpen(true)} />
      </div>

      <Dialog
        visible={open}
        onHide={close}
        header="Delete your account?"
        className="settings-dialog"
        modal
        dismissableMask={!deleteAccount.isPending}
        closable={!deleteAccount.isPending}
        footer={(
          <div className="settings-actions">
            <Button type="button" label="Cancel" className="btn-secondary" onClick={close} disabled={deleteAccount.isPending} />
            <Button type="submit" form={ids.form} label="Delete my account for good" className="btn-danger" loading={deleteAccount.isPending} />
          </div>
        )}
      >
        <p className="panel-card-text">This cannot be undone. We will delete:</p>
        <ul className="settings-deletion-list">
          {ACCOUNT_DELETION_SUMMARY.map((item) => <li key={item}>{item}</li>)}
        </ul>
        <p className="panel-card-text">
          Your conversations disappear for the people you talked to as well. Reports you made stay with our safety team
          without your name. If you pay for Premium through an app store, cancel the subscription there too.
        </p>
        <form id={ids.form} className="settings-form" aria-label="Confirm account deletion" onSubmit={handleSubmit} noValidate>
          {hasPassword && (
            <FormField id={ids.password} label="Your password" error={error}>
              <PasswordInput id={ids.password} name="password" value={password} onChange={setPassword} autoComplete="current-password" error={error} />
            </FormField>
          )}
        </form>
      </Dialog>
    </section>
  );
}
