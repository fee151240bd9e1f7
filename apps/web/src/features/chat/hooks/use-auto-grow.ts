import { COMPOSER_MAX_HEIGHT_PX } from '@linkup/contract';
import { useLayoutEffect, type RefObject } from 'react';

/** A textarea that grows with its text up to COMPOSER_MAX_HEIGHT_PX (spec §9), then scrolls. */
export function useAutoGrow(ref: RefObject<HTMLTextAreaElement | null>, value: string) {
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    box.style.height = 'auto';
    const height = Math.min(box.scrollHeight, COMPOSER_MAX_HEIGHT_PX);
    if (height > 0) box.style.height = `${height}px`;
    box.style.overflowY = box.scrollHeight > COMPOSER_MAX_HEIGHT_PX ? 'auto' : 'hidden';
  }, [ref, value]);
}
