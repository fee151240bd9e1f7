import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_GAP, toastSpace, toastTop, watchToastSpace } from '@/lib/toast-space';

const rect = (bottom: number) => ({ top: bottom - 56, bottom, left: 0, right: 390, width: 390, height: 56, x: 0, y: bottom - 56, toJSON: () => ({}) });

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('toast space (issue 32 item 16: toasts take room of their own)', () => {
  it('gives no room without toasts, and the stack and a gap with them', () => {
    expect(toastSpace(0)).toBe(0);
    expect(toastSpace(63.2)).toBe(64 + TOAST_GAP);
  });

  it('starts the toasts below the first top bar on the page, or at the top when it scrolled away', () => {
    document.body.innerHTML = '<header class="app-header"></header><main><header class="chat-header"></header></main>';
    const [shell, chat] = Array.from(document.querySelectorAll('header'));
    vi.spyOn(shell!, 'getBoundingClientRect').mockReturnValue(rect(64));
    vi.spyOn(chat!, 'getBoundingClientRect').mockReturnValue(rect(200));
    expect(toastTop()).toBe(64 + TOAST_GAP);
    vi.spyOn(shell!, 'getBoundingClientRect').mockReturnValue(rect(-20));
    expect(toastTop()).toBe(TOAST_GAP);
    document.body.innerHTML = '';
    expect(toastTop()).toBe(TOAST_GAP);
  });

  it('sets the room while a toast shows and gives it back when the last one goes', async () => {
    document.body.innerHTML = '<header class="auth-header"></header><div id="lane"></div>';
    vi.spyOn(document.querySelector('header')!, 'getBoundingClientRect').mockReturnValue(rect(70));
    const lane = document.getElementById('lane')!;
    const stop = watchToastSpace(lane);
    const root = document.documentElement;
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

    lane.innerHTML = '<div class="Toastify__toast-container"><div class="Toastify__toast">Saved</div></div>';
    const stack = lane.firstElementChild as HTMLElement;
    vi.spyOn(stack, 'getBoundingClientRect').mockReturnValue({ ...rect(130), height: 60 });
    await vi.waitFor(async () => {
      await frame();
      expect(root.style.getPropertyValue('--lu-toast-space')).toBe(`${60 + TOAST_GAP}px`);
    });
    expect(root.style.getPropertyValue('--lu-toast-top')).toBe(`${70 + TOAST_GAP}px`);

    stack.innerHTML = '';
    await vi.waitFor(async () => {
      await frame();
      expect(root.style.getPropertyValue('--lu-toast-space')).toBe('0px');
    });
    stop();
    expect(root.style.getPropertyValue('--lu-toast-space')).toBe('');
  });
});
