type IdleWindow = Window & { requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number };

/**
 * How long after the page's load event work a first visit does not need waits (prefetching the
 * next pages, the toast library): the page's own code, data, images and fonts come first, so that
 * work never competes with what is on screen (issue #18).
 */
export const AFTER_LOAD_DELAY_MS = 3_000;

/** Runs `run` once the page has loaded, AFTER_LOAD_DELAY_MS later, when the main thread is idle. */
export function afterPageLoad(run: () => void, win: IdleWindow = window): void {
  const idle = () => (win.requestIdleCallback ? win.requestIdleCallback(run, { timeout: 4_000 }) : run());
  const later = () => win.setTimeout(idle, AFTER_LOAD_DELAY_MS);
  if (win.document.readyState === 'complete') later();
  else win.addEventListener('load', later, { once: true });
}
