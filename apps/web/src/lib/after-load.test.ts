import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAfterPageLoad } from '@/lib/after-load';

/** A window whose load event, frames and idle periods the test plays. */
function fakeWindow() {
  const queue = { load: [] as (() => void)[], frame: [] as (() => void)[], task: [] as (() => void)[] };
  const win = {
    document: { readyState: 'loading' },
    addEventListener: (type: string, listener: () => void) => type === 'load' && queue.load.push(listener),
    removeEventListener: () => {},
    requestAnimationFrame: (callback: () => void) => queue.frame.push(callback),
    cancelAnimationFrame: () => {},
    setTimeout: (callback: () => void) => queue.task.push(callback),
    clearTimeout: () => {},
  } as unknown as Window;
  const play = (name: keyof typeof queue) => act(() => queue[name].splice(0).forEach((run) => run()));
  return { win, play };
}

describe('useAfterPageLoad (issue #18)', () => {
  it('turns true after the load event and the next frame, in a task after that frame is painted', () => {
    const { win, play } = fakeWindow();
    const { result } = renderHook(() => useAfterPageLoad(win));
    play('frame');
    play('task');
    expect(result.current).toBe(false);
    play('load');
    expect(result.current).toBe(false);
    play('task');
    expect(result.current).toBe(false);
    play('frame');
    expect(result.current).toBe(false);
    play('task');
    expect(result.current).toBe(true);
  });
});
