import { lazy, Suspense } from 'react';
import { useDialogStore } from '@/lib/dialogs';

// The dialog's code loads the first time a question is asked, not with the first page.
const ConfirmDialog = lazy(() => import('@/components/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

/** Shows the first waiting question of lib/dialogs; mounted once by the providers. */
export function DialogHost() {
  const current = useDialogStore((s) => s.queue[0]);
  const close = useDialogStore((s) => s.close);
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog key={current.id} request={current} onChoose={(choice) => close(current.id, choice)} />
    </Suspense>
  );
}
