import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { secondsUntil, useSecondsUntil } from '@/lib/use-countdown';

const NOW = Date.parse('2030-01-01T10:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('secondsUntil', () => {
  it('counts whole seconds up, never below 0', () => {
    expect(secondsUntil('2030-01-01T10:00:30.000Z', NOW)).toBe(30);
    expect(secondsUntil('2030-01-01T10:00:00.400Z', NOW)).toBe(1);
    expect(secondsUntil('2030-01-01T09:59:00.000Z', NOW)).toBe(0);
    expect(secondsUntil(null, NOW)).toBeNull();
    expect(secondsUntil('not a date', NOW)).toBeNull();
  });
});

describe('useSecondsUntil', () => {
  it('ticks every second and stops at 0', () => {
    const { result } = renderHook(() => useSecondsUntil('2030-01-01T10:00:02.000Z'));
    expect(result.current).toBe(2);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(1);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('follows a new target', () => {
    const { result, rerender } = renderHook(({ target }) => useSecondsUntil(target), {
      initialProps: { target: '2030-01-01T10:00:05.000Z' as string | null },
    });
    expect(result.current).toBe(5);
    rerender({ target: '2030-01-01T10:01:00.000Z' });
    expect(result.current).toBe(60);
    rerender({ target: null });
    expect(result.current).toBeNull();
  });
});
