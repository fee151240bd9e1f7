import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAfterFirstPaint, useAfterPageLoad } from '@/lib/after-load';

/** A window whose load event, timers and paints the test plays. */
function fakeWindow(paintTiming = false, paintedAlready: string[] = []) {
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
    performance: { getEntriesByName: (name: string) => (paintedAlready.includes(name) ? [{}] : []) },
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

});

describe.each([
  { hook: 'useAfterPageLoad', useHook: useAfterPageLoad, waitsForLoad: true },
  { hook: 'useAfterFirstPaint', useHook: useAfterFirstPaint, waitsForLoad: false },
])('$hook with paint timing (issue #18)', ({ useHook, waitsForLoad }) => {
  it('waits for the first contentful paint the browser reports', () => {
    const { win, play, paint } = fakeWindow(true);
    const { result } = renderHook(() => useHook(win));
    if (waitsForLoad) play('load');
    paint('first-paint');
    expect(result.current).toBe(false);
    paint('first-contentful-paint');
    expect(result.current).toBe(true);
  });

  it('in a hidden tab, which paints nothing, starts on the fallback timer (the only task queued)', () => {
    const { win, play } = fakeWindow(true);
    const { result } = renderHook(() => useHook(win));
    if (waitsForLoad) play('load');
    expect(result.current).toBe(false);
    play('task');
    expect(result.current).toBe(true);
  });
});

describe('useAfterFirstPaint (issue #18)', () => {
  it('is true from the first render once the document has painted, or without paint timing', () => {
    const later = fakeWindow(true, ['first-paint', 'first-contentful-paint']);
    expect(renderHook(() => useAfterFirstPaint(later.win)).result.current).toBe(true);
    expect(renderHook(() => useAfterFirstPaint(fakeWindow(false).win)).result.current).toBe(true);
  });
});
