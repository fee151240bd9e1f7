/**
 * Toasts never cover a heading or a button (issue 32 item 16). They open top right (spec §9) just
 * below the page's top bar, and while any shows, the content after that bar moves down by the
 * stack's height (`--lu-toast-space`, used in styles/global.css), so the toasts take room of their
 * own instead of lying over the page — as a Material snackbar moves the button it would cover.
 * The bar is the first one on the page: the shell's header, the sign-in pages' header, the
 * standalone pages' header, or a phone chat's own header.
 */

/** The page's top bars, in the order they can appear; the first one present is the toasts' anchor. */
export const TOP_BARS = '.app-header, .auth-header, .standalone-header, .chat-header';

/** Room between the bar and the toasts, and between the toasts and the content (px). */
export const TOAST_GAP = 8;

/** Where the toasts start: below the first top bar still on screen (at the top when it scrolled away). */
export function toastTop(doc: Document = document): number {
  const bar = doc.querySelector<HTMLElement>(TOP_BARS);
  return Math.max(0, Math.round(bar?.getBoundingClientRect().bottom ?? 0)) + TOAST_GAP;
}

/** The room the content gives the toasts: the stack's height and a gap, none without toasts. */
export const toastSpace = (stackHeight: number): number => (stackHeight > 0 ? Math.ceil(stackHeight) + TOAST_GAP : 0);

/**
 * Keeps `--lu-toast-top` and `--lu-toast-space` on <html> true to the toasts inside `lane` (the
 * element that holds the library's container) and the page's top bar. Returns the clean-up.
 */
export function watchToastSpace(lane: HTMLElement): () => void {
  const root = document.documentElement;
  let frame = 0;
  const measure = () => {
    frame = 0;
    const stack = lane.querySelector<HTMLElement>('.Toastify__toast-container');
    const height = stack && stack.childElementCount > 0 ? stack.getBoundingClientRect().height : 0;
    root.style.setProperty('--lu-toast-space', `${toastSpace(height)}px`);
    if (height > 0) root.style.setProperty('--lu-toast-top', `${toastTop()}px`);
  };
  const schedule = () => {
    if (frame === 0) frame = requestAnimationFrame(measure);
  };
  // A toast's height can change after it is added (its text wraps once fonts load); browsers without
  // ResizeObserver still follow toasts coming and going.
  const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(schedule) : null;
  const observeStacks = () => {
    resize?.disconnect();
    lane.querySelectorAll('.Toastify__toast-container').forEach((stack) => resize?.observe(stack));
    schedule();
  };
  // The library adds and removes its container (and the toasts in it) as toasts come and go.
  const mutations = new MutationObserver(observeStacks);
  mutations.observe(lane, { childList: true, subtree: true });
  window.addEventListener('scroll', schedule, { passive: true });
  observeStacks();
  return () => {
    mutations.disconnect();
    resize?.disconnect();
    window.removeEventListener('scroll', schedule);
    if (frame) cancelAnimationFrame(frame);
    root.style.removeProperty('--lu-toast-space');
    root.style.removeProperty('--lu-toast-top');
  };
}
