import { Button } from '@/components/button';
import { useId } from 'react';
import { toast } from '@/lib/toast';
import { useLogoutOthers } from '@/features/settings/api/logout-others';
import { callErrorMessage } from '@/lib/api-client';
import { confirmDialog } from '@/lib/dialogs';

/** Sign out of every other device, after a confirmation; this one stays signed in. */
export function DevicesCard() {
  const logoutOthers = useLogoutOthers();
  const titleId = useId();

  async function handleClick() {
    const sure = await confirmDialog(
      'Sign out of all other devices?',
      'You stay signed in here. On every other phone, tablet or browser you will need to sign in again.',
      { confirmLabel: 'Sign out' },
    );
    if (!sure) return;
    try {
      const { message, revoked } = await logoutOthers.mutateAsync();
      toast.success(revoked === 0 ? 'You were not signed in on any other device.' : (message ?? 'You have been signed out of all other devices.'));
    } catch (error) {
      toast.error(callErrorMessage(error, 'Could not sign out your other devices.'));
    }
  }

  return (
    <section className="panel-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="panel-card-title">Devices</h2>
      <p className="panel-card-text">Lost a phone or signed in on a shared computer? Sign out everywhere else in one go.</p>
      <div className="settings-actions">
        <Button type="button" label="Sign out of all other devices" icon="pi pi-sign-out" className="btn-secondary" onClick={handleClick} loading={logoutOthers.isPending} />
      </div>
    </section>
  );
}
