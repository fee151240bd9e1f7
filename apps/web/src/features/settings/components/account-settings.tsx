import '@/features/settings/settings.css';
import { ChangeEmailForm } from '@/features/settings/components/change-email-form';
import { ChangeMobileForm } from '@/features/settings/components/change-mobile-form';
import { ChangePasswordForm } from '@/features/settings/components/change-password-form';
import { DeleteAccountCard } from '@/features/settings/components/delete-account-card';
import { DevicesCard } from '@/features/settings/components/devices-card';
import { ExportDataCard } from '@/features/settings/components/export-data-card';

/** Account settings: contact details, password, devices, my data, deleting the account. */
export function AccountSettings() {
  return (
    <>
      <ChangeEmailForm />
      <ChangeMobileForm />
      <ChangePasswordForm />
      <DevicesCard />
      <ExportDataCard />
      <DeleteAccountCard />
    </>
  );
}
