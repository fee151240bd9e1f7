import { useCallback, useEffect, useRef } from 'react';

/**
 * Typing events sent at most once per `intervalMs` (the server relays one per 400 ms), and never
 * fewer than the key presses need: a key press inside the interval sends one more event when the
 * interval ends (trailing). The other side shows "… is typing" until 2 s after the last event it
 * got (spec §2), so it stops 2 s after the last key press, or at most `intervalMs` later — never
 * before (issue 32: a leading-only throttle of 1 s let it stop up to 1 s early).
 */
export function useTypingNotifier(emit: () => void, intervalMs: number) {
  const lastEmit = useRef(Number.NEGATIVE_INFINITY);
  const trailing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latestEmit = useRef(emit);
  useEffect(() => {
    latestEmit.current = emit;
  });
  useEffect(() => () => clearTimeout(trailing.current), []);

  const send = useCallback(() => {
    trailing.current = undefined;
    lastEmit.current = Date.now();
    latestEmit.current();
  }, []);

  /** A key press. */
  const typed = useCallback(() => {
    const wait = lastEmit.current + intervalMs - Date.now();
    if (wait <= 0) send();
    else if (trailing.current === undefined) trailing.current = setTimeout(send, wait);
  }, [intervalMs, send]);

  /** The message went: no trailing event, and the next key press sends at once. */
  const reset = useCallback(() => {
    clearTimeout(trailing.current);
    trailing.current = undefined;
    lastEmit.current = Number.NEGATIVE_INFINITY;
  }, []);

  return { typed, reset };
}
