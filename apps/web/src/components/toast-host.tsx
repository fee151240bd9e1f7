import { TIMINGS, TOAST_POSITION } from '@linkup/contract';
import { useEffect, useRef } from 'react';
import { afterPageLoad } from '@/lib/after-load';
import { loadToastLibrary, useToastLibrary } from '@/lib/toast';
import { watchToastSpace } from '@/lib/toast-space';

/** At most this many toasts at once; more wait their turn. */
export const TOAST_LIMIT = 3;

/**
 * The toast container (5 s, top right, below the page's top bar, with room of its own: see
 * lib/toast-space.ts); mounted once by the providers.
 */
export function ToastHost() {
  const library = useToastLibrary((s) => s.library);
  const lane = useRef<HTMLDivElement>(null);
  useEffect(() => (library && lane.current ? watchToastSpace(lane.current) : undefined), [library]);
  useEffect(() => {
    // Fetched once the page has loaded, so the first toast rarely waits for it (a toast asked for
    // earlier loads it at once).
    afterPageLoad(() => {
      loadToastLibrary().catch(() => undefined);
    });
  }, []);
  if (!library) return null;
  const { ToastContainer } = library;
  return (
    <div ref={lane} className="toast-lane">
      <ToastContainer position={TOAST_POSITION} autoClose={TIMINGS.toastMs} newestOnTop limit={TOAST_LIMIT} theme="colored" />
    </div>
  );
}
