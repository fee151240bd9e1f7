import type { SwipeAction } from '@linkup/contract';
import { useEffect, useRef } from 'react';

const KEYS: Record<string, SwipeAction> = { ArrowLeft: 'pass', ArrowRight: 'like', ArrowUp: 'super_like' };

/** Where arrow keys already mean something (moving a caret, a slider, a select) or a dialog is open. */
const OWNS_ARROWS = 'input, textarea, select, [contenteditable="true"], [role="dialog"], [role="slider"], [role="listbox"], [role="tablist"]';

/** Desktop shortcuts for the discover stack: ← pass, → like, ↑ super like. */
export function useSwipeKeys(onSwipe: (action: SwipeAction) => void, enabled: boolean) {
  const latest = useRef(onSwipe);
  useEffect(() => {
    latest.current = onSwipe;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      const action = KEYS[event.key];
      if (!action || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.target instanceof Element && event.target.closest(OWNS_ARROWS)) return;
      event.preventDefault();
      latest.current(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
