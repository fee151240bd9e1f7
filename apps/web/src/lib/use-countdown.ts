import { useEffect, useState } from 'react';

/** Whole seconds from `now` until `target` (rounded up, never negative); null without a target. */
export function secondsUntil(target: string | null | undefined, now: number = Date.now()): number | null {
  if (!target) return null;
  const at = Date.parse(target);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * Seconds left until an ISO time, re-rendering every second until it reaches 0. Null when there
 * is no target.
 */
export function useSecondsUntil(target: string | null | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  const remaining = secondsUntil(target, now);

  useEffect(() => {
    setNow(Date.now());
    if (!target) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (secondsUntil(target, current) === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [target]);

  return remaining;
}
