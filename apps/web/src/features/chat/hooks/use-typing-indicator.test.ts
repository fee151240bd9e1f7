import { TIMINGS } from '@linkup/contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { typingText, useTypingIndicator } from '@/features/chat/hooks/use-typing-indicator';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const thandi = { userId: 'u1', name: 'Thandi' };

describe('typing indicator (spec §2: stops 2 s after the last key press)', () => {
  it('shows a member from their typing event until 2 s after the last one', () => {
    const { result } = renderHook(() => useTypingIndicator());
    act(() => result.current.typing(thandi));
    expect(typingText(result.current.typers)).toBe('Thandi is typing…');

    act(() => vi.advanceTimersByTime(TIMINGS.typingIdleMs - 500));
    act(() => result.current.typing(thandi));
    act(() => vi.advanceTimersByTime(TIMINGS.typingIdleMs - 1));
    expect(result.current.typers).toHaveLength(1);

    act(() => vi.advanceTimersByTime(1));
    expect(result.current.typers).toEqual([]);
    expect(typingText(result.current.typers)).toBe('');
  });

  it('stops at once when the member’s message arrives', () => {
    const { result } = renderHook(() => useTypingIndicator());
    act(() => result.current.typing(thandi));
    act(() => result.current.stopTyping('u1'));
    expect(result.current.typers).toEqual([]);
  });

  it('follows several members separately', () => {
    const { result } = renderHook(() => useTypingIndicator());
    act(() => result.current.typing(thandi));
    act(() => vi.advanceTimersByTime(1_000));
    act(() => result.current.typing({ userId: 'u2', name: 'Sipho' }));
    expect(typingText(result.current.typers)).toBe('Thandi and Sipho are typing…');
    act(() => vi.advanceTimersByTime(1_000));
    expect(typingText(result.current.typers)).toBe('Sipho is typing…');
  });

  it('clears every timer when it unmounts', () => {
    const { result, unmount } = renderHook(() => useTypingIndicator());
    act(() => result.current.typing(thandi));
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
