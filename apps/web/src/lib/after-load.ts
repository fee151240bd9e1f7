import { useEffect, useState } from 'react';

type IdleWindow = Window & { requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number };

/**
 * How long after the page's load event work a first visit does not need waits (prefetching the
 * next pages, the toast library): the page's own code, data, images and fonts come first, so that
 * work never competes with what is on screen (issue #18).
 */
export const AFTER_LOAD_DELAY_MS = 3_000;

/** Runs `run` once the page has loaded, `delayMs` later, when the main thread is idle. */
export function afterPageLoad(run: () => void, win: IdleWindow = window, delayMs = AFTER_LOAD_DELAY_MS): void {
  const idle = () => (win.requestIdleCallback ? win.requestIdleCallback(run, { timeout: 4_000 }) : run());
  const later = () => win.setTimeout(idle, delayMs);
  if (win.document.readyState === 'complete') later();
  else win.addEventListener('load', later, { once: true });
}

/**
 * False until the page has loaded (its load event: its scripts, styles and images are in) and a
 * frame has been painted after that: for what renders nothing the first page shows (background
 * syncs, the notification centre), so it mounts after that page's code, data and images rather
 * than between them (issue #18). The frame matters because the load event comes before the first
 * page is on screen (its code and data load after the entry): the page commits, and the browser
 * still has to lay it out and paint it; work started from the commit's effects would share that
 * time, and the network, with the first paint.
 */
export function useAfterPageLoad(win: Window = window): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let frame: number | undefined;
    let timer: number | undefined;
    // After the next frame is painted: a task queued from requestAnimationFrame runs after it.
    const done = () => {
      const next = () => {
        timer = win.setTimeout(() => setReady(true), 0);
      };
      if (typeof win.requestAnimationFrame === 'function') frame = win.requestAnimationFrame(next);
      else next();
    };
    if (win.document.readyState === 'complete') done();
    else win.addEventListener('load', done, { once: true });
    return () => {
      win.removeEventListener('load', done);
      if (frame !== undefined) win.cancelAnimationFrame(frame);
      if (timer !== undefined) win.clearTimeout(timer);
    };
  }, [win]);
  return ready;
}
