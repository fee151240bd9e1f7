import { SETTINGS_MESSAGES } from '@linkup/contract';
import { Button } from '@/components/button';
import { useId } from 'react';
import { toast } from '@/lib/toast';
import { useExportData } from '@/features/settings/api/export-data';
import { callErrorMessage } from '@/lib/api-client';

/** Download my data: a JSON file with everything LinkUp keeps about me. */
export function ExportDataCard() {
  const exportData = useExportData();
  const titleId = useId();

  async function handleClick() {
    try {
      await exportData.mutateAsync();
      toast.success(SETTINGS_MESSAGES.exportReady);
    } catch (error) {
      toast.error(callErrorMessage(error, 'Could not download your data.'));
    }
  }

  return (
    <section className="panel-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="panel-card-title">Your data</h2>
      <p className="panel-card-text">
        Download a copy of everything LinkUp keeps about you — your account, profile, photos, preferences, settings, likes,
        matches, conversations and sign-in history — as a JSON file.
      </p>
      <div className="settings-actions">
        <Button type="button" label="Download my data" icon="pi pi-download" className="btn-secondary" onClick={handleClick} loading={exportData.isPending} />
      </div>
    </section>
  );
}
