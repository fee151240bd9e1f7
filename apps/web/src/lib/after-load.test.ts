import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAfterPageLoad } from '@/lib/after-load';

/** A window whose load event, timers and paints the test plays. */
function fakeWindow(paintTiming = false) {
  const queue = { load: [] as (() => void)[], task: [] as (() => void)[] };
  const observers: ((list: { getEntriesByName: (name: string) => unknown[] }) => void)[] = [];
  class FakeObserver {
    static supportedEntryTypes = ['paint'];
    constructor(callback: (typeof observers)[number]) {
      observers.push(callback);
    }
    observe() {}
    disconnect() {}
  }
  const win = {
    ...(paintTiming ? { PerformanceObserver: FakeObserver } : {}),
    document: { readyState: 'loading' },
    addEventListener: (type: string, listener: () => void) => type === 'load' && queue.load.push(listener),
    removeEventListener: () => {},
    setTimeout: (callback: () => void) => queue.task.push(callback),
    clearTimeout: () => {},
  } as unknown as Window;
  const play = (name: keyof typeof queue) => act(() => queue[name].splice(0).forEach((run) => run()));
  const paint = (name: string) =>
    act(() => observers.forEach((callback) => callback({ getEntriesByName: (n) => (n === name ? [{}] : []) })));
  return { win, play, paint };
}

describe('useAfterPageLoad (issue #18)', () => {
  it('without paint timing, turns true in a task after the load event', () => {
    const { win, play } = fakeWindow();
    const { result } = renderHook(() => useAfterPageLoad(win));
    play('task');
    expect(result.current).toBe(false);
    play('load');
    expect(result.current).toBe(false);
    play('task');
    expect(result.current).toBe(true);
  });

  it('with paint timing, waits for the first contentful paint the browser reports (or a timer when there is none)', () => {
    const { win, play, paint } = fakeWindow(true);
    const { result } = renderHook(() => useAfterPageLoad(win));
    play('load');
    paint('first-paint');
    expect(result.current).toBe(false);
    paint('first-contentful-paint');
    expect(result.current).toBe(true);

    // A hidden tab paints nothing: the fallback timer (the only task queued) lets the work start.
    const hidden = fakeWindow(true);
    const view = renderHook(() => useAfterPageLoad(hidden.win));
    hidden.play('load');
    expect(view.result.current).toBe(false);
    hidden.play('task');
    expect(view.result.current).toBe(true);
  });
});
