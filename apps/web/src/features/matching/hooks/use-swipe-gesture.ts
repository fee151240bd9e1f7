import type { SwipeAction } from '@linkup/contract';
import { useRef, useState, type PointerEvent } from 'react';

/** How far (px) a card must be dragged to count as a swipe. */
export const SWIPE_THRESHOLD_PX = 90;
/** Movement under this (px) is a tap, not a drag. */
const TAP_SLOP_PX = 8;

export interface DragOffset {
  x: number;
  y: number;
}

/** The action a drag by `offset` means: right like, left pass, up super like; null below the threshold. */
export function swipeIntent({ x, y }: DragOffset): SwipeAction | null {
  if (-y > SWIPE_THRESHOLD_PX && -y > Math.abs(x)) return 'super_like';
  if (x > SWIPE_THRESHOLD_PX) return 'like';
  if (x < -SWIPE_THRESHOLD_PX) return 'pass';
  return null;
}

/**
 * The stamp a drag shows while it lasts (issue 17): the direction's action from the first pixels
 * on, its strength (0–1) growing with the distance and full at the threshold, where letting go
 * swipes. Null for a drag downwards or no drag.
 */
export function swipeStamp(offset: DragOffset | null): { action: SwipeAction; strength: number } | null {
  if (!offset) return null;
  const { x, y } = offset;
  const up = -y > Math.abs(x);
  if (!up && x === 0) return null;
  const action: SwipeAction = up ? 'super_like' : x > 0 ? 'like' : 'pass';
  const distance = up ? -y : Math.abs(x);
  return { action, strength: Math.min(1, distance / SWIPE_THRESHOLD_PX) };
}

/**
 * Drag a card with a finger or the mouse (pointer events): past the threshold it is a swipe,
 * otherwise it springs back. `wasDrag()` tells a click handler to ignore the click a drag ends with.
 */
export function useSwipeGesture(onSwipe: (action: SwipeAction) => void, enabled: boolean) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  const dragged = useRef(false);
  const [offset, setOffset] = useState<DragOffset | null>(null);

  const end = (event: PointerEvent<HTMLElement>, cancelled: boolean) => {
    if (!start.current || start.current.id !== event.pointerId) return;
    const delta = { x: event.clientX - start.current.x, y: event.clientY - start.current.y };
    start.current = null;
    setOffset(null);
    const action = cancelled ? null : swipeIntent(delta);
    if (action) onSwipe(action);
  };

  const handlers = {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (!enabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
      start.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
      dragged.current = false;
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      if (!start.current || start.current.id !== event.pointerId) return;
      const delta = { x: event.clientX - start.current.x, y: event.clientY - start.current.y };
      if (!dragged.current && Math.hypot(delta.x, delta.y) > TAP_SLOP_PX) {
        dragged.current = true;
        event.currentTarget.setPointerCapture?.(event.pointerId);
      }
      if (dragged.current) setOffset(delta);
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => end(event, false),
    onPointerCancel: (event: PointerEvent<HTMLElement>) => end(event, true),
  };

  return {
    handlers,
    offset,
    intent: offset ? swipeIntent(offset) : null,
    stamp: swipeStamp(offset),
    /** True once after a drag: the click that follows it is not a tap. */
    wasDrag: () => {
      const was = dragged.current;
      dragged.current = false;
      return was;
    },
  };
}
