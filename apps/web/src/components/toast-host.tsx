import { TIMINGS, TOAST_POSITION } from '@linkup/contract';
import { useEffect } from 'react';
import { afterPageLoad } from '@/lib/after-load';
import { loadToastLibrary, useToastLibrary } from '@/lib/toast';

/** At most this many toasts at once; more wait their turn. */
export const TOAST_LIMIT = 3;

/** The toast container (5 s, top right, below the header); mounted once by the providers. */
export function ToastHost() {
  const library = useToastLibrary((s) => s.library);
  useEffect(() => {
    // Fetched once the page has loaded, so the first toast rarely waits for it (a toast asked for
    // earlier loads it at once).
    afterPageLoad(() => {
      loadToastLibrary().catch(() => undefined);
    });
  }, []);
  if (!library) return null;
  const { ToastContainer } = library;
  return <ToastContainer position={TOAST_POSITION} autoClose={TIMINGS.toastMs} newestOnTop limit={TOAST_LIMIT} theme="colored" />;
}
