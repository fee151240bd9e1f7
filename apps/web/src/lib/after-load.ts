import { startTransition, useEffect, useState } from 'react';

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

/** How long a page that reports no first contentful paint (a hidden tab) holds background work at most. */
export const FIRST_PAINT_WAIT_MS = 2_000;

type PaintWindow = Window & { PerformanceObserver?: typeof PerformanceObserver };

/**
 * Calls `run` once the page has shown content (the browser's first contentful paint, reported
 * after the frame is on screen), or FIRST_PAINT_WAIT_MS later when it reports none. Without paint
 * timing (jsdom), on the next task. Returns a cancel function.
 */
function afterFirstPaint(win: PaintWindow, run: () => void): () => void {
  const Observer = win.PerformanceObserver;
  if (!Observer || !paintTimingIn(win)) {
    const timer = win.setTimeout(run, 0);
    return () => win.clearTimeout(timer);
  }
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    observer.disconnect();
    win.clearTimeout(fallback);
    run();
  };
  const observer = new Observer((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) finish();
  });
  observer.observe({ type: 'paint', buffered: true });
  const fallback = win.setTimeout(finish, FIRST_PAINT_WAIT_MS);
  return () => {
    finished = true;
    observer.disconnect();
    win.clearTimeout(fallback);
  };
}

const paintTimingIn = (win: PaintWindow) => Boolean(win.PerformanceObserver?.supportedEntryTypes?.includes('paint'));

/**
 * False until the document has shown content (its first contentful paint): what renders the
 * heavy part of a page that opens a visit waits for it, so the light part above it (a header, a
 * banner) is painted first instead of together with everything below it (issue #18). True at once
 * once the document has painted, so a page opened later in the visit renders in one go, and where
 * the browser has no paint timing (jsdom, old WebViews): there is nothing to wait for there.
 */
export function useAfterFirstPaint(win: PaintWindow = window): boolean {
  const [painted, setPainted] = useState(
    () => !paintTimingIn(win) || win.performance.getEntriesByName('first-contentful-paint').length > 0,
  );
  // A transition: what waited renders in slices, yielding to the browser between them, rather than
  // in one long task right after the first paint.
  useEffect(() => (painted ? undefined : afterFirstPaint(win, () => startTransition(() => setPainted(true)))), [win, painted]);
  return painted;
}

/**
 * False until the page has loaded (its load event: its scripts, styles and images are in) and has
 * shown content: for what renders nothing the first page shows (background syncs, the
 * notification centre), so it mounts after that page's code, data and images rather than between
 * them (issue #18). The paint matters because the load event comes before a signed-in first page
 * is on screen (its code and data load after the entry): work started from the page's commit
 * would share its layout and paint, and the network, with the first paint.
 */
export function useAfterPageLoad(win: Window = window): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancel: (() => void) | undefined;
    const done = () => {
      cancel = afterFirstPaint(win, () => setReady(true));
    };
    if (win.document.readyState === 'complete') done();
    else win.addEventListener('load', done, { once: true });
    return () => {
      win.removeEventListener('load', done);
      cancel?.();
    };
  }, [win]);
  return ready;
}
