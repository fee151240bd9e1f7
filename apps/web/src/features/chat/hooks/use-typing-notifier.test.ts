import { TIMINGS } from '@linkup/contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTypingNotifier } from '@/features/chat/hooks/use-typing-notifier';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const INTERVAL = 500;

function setUp() {
  const sent: number[] = [];
  const start = Date.now();
  const { result, unmount } = renderHook(() => useTypingNotifier(() => sent.push(Date.now() - start), INTERVAL));
  const pressAt = (ms: number) => {
    act(() => vi.advanceTimersByTime(ms - (Date.now() - start)));
    act(() => result.current.typed());
  };
  return { sent, pressAt, result, unmount, settle: () => act(() => vi.advanceTimersByTime(10 * INTERVAL)) };
}

describe('typing events (spec §2: the indicator stops 2 s after the last key press; issue 32)', () => {
  it('sends at once, then at most once per interval, with a last event after a key press inside one', () => {
    const { sent, pressAt, settle } = setUp();
    for (const ms of [0, 100, 200, 300, 900, 950]) pressAt(ms);
    settle();
    expect(sent).toEqual([0, 500, 1000]);
  });

  it('never lets the other side stop before 2 s after the last key press, nor more than an interval after', () => {
    for (const presses of [[0, 900], [0, 300, 600, 1_100, 1_499], [0, 499], [0, 1_000, 1_001]]) {
      const { sent, pressAt, settle, unmount } = setUp();
      for (const ms of presses) pressAt(ms);
      settle();
      const lastPress = presses[presses.length - 1]!;
      const stopsAt = sent[sent.length - 1]! + TIMINGS.typingIdleMs;
      expect(stopsAt - lastPress, `presses ${presses.join(', ')}`).toBeGreaterThanOrEqual(TIMINGS.typingIdleMs);
      expect(stopsAt - lastPress).toBeLessThanOrEqual(TIMINGS.typingIdleMs + INTERVAL);
      unmount();
    }
  });

  it('sends nothing more once the message went, and the next key press sends at once', () => {
    const { sent, pressAt, result, settle } = setUp();
    pressAt(0);
    pressAt(200);
    act(() => result.current.reset());
    settle();
    expect(sent).toEqual([0]);
    pressAt(6_000);
    expect(sent).toEqual([0, 6_000]);
  });
});
