import { afterEach, describe, expect, it, vi } from 'vitest';
import { hideSplashWhenReady, reloadOnStaleChunks, SPLASH_SAFETY_MS, STALE_CHUNK_RELOAD_GAP_MS } from '@/app/start-up-guards';

afterEach(() => {
  vi.useRealTimers();
});

describe('the launch screen', () => {
  it('hides once the first screen is there, and not again when the safety timer would have run', async () => {
    vi.useFakeTimers();
    const device = { hideSplash: vi.fn(async () => {}) };
    const ready = hideSplashWhenReady(device);
    expect(device.hideSplash).not.toHaveBeenCalled();
    ready();
    ready();
    await vi.advanceTimersByTimeAsync(SPLASH_SAFETY_MS);
    expect(device.hideSplash).toHaveBeenCalledTimes(1);
  });

  it('hides after the safety time when start-up hangs (a network call that never answers)', async () => {
    vi.useFakeTimers();
    const device = { hideSplash: vi.fn(async () => {}) };
    const ready = hideSplashWhenReady(device);
    await vi.advanceTimersByTimeAsync(SPLASH_SAFETY_MS - 1);
    expect(device.hideSplash).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(device.hideSplash).toHaveBeenCalledTimes(1);
    ready();
    expect(device.hideSplash).toHaveBeenCalledTimes(1);
  });
});

describe('a page file gone after a deploy', () => {
  function setUp(navigating = () => false) {
    const target = new EventTarget();
    const stored = new Map<string, string>();
    const storage = { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => void stored.set(key, value) };
    const reload = vi.fn();
    let clock = 1_000_000;
    reloadOnStaleChunks({ target, navigating, storage, reload, now: () => clock });
    const fail = () => {
      const event = new Event('vite:preloadError', { cancelable: true });
      target.dispatchEvent(event);
      return event.defaultPrevented;
    };
    return { reload, fail, later: (ms: number) => (clock += ms) };
  }

  it('reloads the page to the new build (the error is handled, not thrown)', () => {
    const { reload, fail } = setUp();
    expect(fail()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload in a loop when the new build’s files fail too; a later deploy reloads again', () => {
    const { reload, fail, later } = setUp();
    fail();
    later(STALE_CHUNK_RELOAD_GAP_MS - 1);
    expect(fail()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    later(1);
    expect(fail()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('leaves a file that fails while the router opens another page to that page (it reloads at the new address), and reloads itself as before once the router is idle', () => {
    let opening = true;
    const { reload, fail } = setUp(() => opening);
    // Not handled: the import rejects, so the route shows its error page at the page being opened.
    expect(fail()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    opening = false;
    expect(fail()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
