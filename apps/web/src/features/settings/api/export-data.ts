import { exportFileName, type AccountExport } from '@linkup/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** GET /account/export → everything LinkUp keeps about me. */
export async function exportData(): Promise<AccountExport> {
  const response = await api.get<unknown>('/account/export');
  return (await schemas()).AccountExportSchema.parse(response.data);
}

/** Hands a JSON document to the browser as a file download. */
export function saveJsonFile(data: unknown, fileName: string): void {
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads the export as `linkup-data-<date>.json`. */
export function useExportData() {
  return useMutation({
    mutationFn: async () => {
      const data = await exportData();
      saveJsonFile(data, exportFileName(new Date(data.generated_at)));
      return data;
    },
  });
}
