import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_GROUP_FILES_ID } from '@/app/page-group-files';
import { PAGE_GROUPS, prefetchLikelyNext } from '@/app/page-groups';
import { AFTER_LOAD_DELAY_MS as PREFETCH_DELAY_MS } from '@/lib/after-load';

type Listener = () => void;

/** A window whose load event, timers and idle periods the test plays. */
function fakeWindow(readyState: DocumentReadyState) {
  const load: Listener[] = [];
  const idle = vi.fn((callback: () => void) => {
    callback();
    return 1;
  });
  const win = {
    document: { readyState, getElementById: () => null },
    addEventListener: (type: string, listener: Listener) => type === 'load' && load.push(listener),
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    requestIdleCallback: idle,
  } as unknown as Window;
  return { win, idle, fireLoad: () => load.splice(0).forEach((listener) => listener()) };
}

afterEach(() => vi.useRealTimers());

describe('prefetching the pages a member is likely to open next (issue #18)', () => {
  it('waits for the load event, then AFTER_LOAD_DELAY_MS, then an idle moment; each group once', () => {
    vi.useFakeTimers();
    const loaded = { matches: vi.spyOn(PAGE_GROUPS, 'matches'), chat: vi.spyOn(PAGE_GROUPS, 'chat'), home: vi.spyOn(PAGE_GROUPS, 'home') };
    for (const spy of Object.values(loaded)) spy.mockResolvedValue({} as never);
    const page = fakeWindow('loading');

    prefetchLikelyNext('discover', page.win);
    vi.advanceTimersByTime(PREFETCH_DELAY_MS * 2);
    expect(page.idle).not.toHaveBeenCalled();

    page.fireLoad();
    vi.advanceTimersByTime(PREFETCH_DELAY_MS - 1);
    expect(loaded.chat).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(page.idle).toHaveBeenCalledTimes(1);
    for (const spy of Object.values(loaded)) expect(spy).toHaveBeenCalledTimes(1);

    // Home is fetched already: premium's only likely next page asks for nothing.
    const later = fakeWindow('complete');
    prefetchLikelyNext('premium', later.win);
    vi.advanceTimersByTime(PREFETCH_DELAY_MS);
    expect(later.idle).not.toHaveBeenCalled();
  });

  it('downloads the groups\' files the build names, without running them, each file once', () => {
    vi.useFakeTimers();
    const loaded = vi.spyOn(PAGE_GROUPS, 'settings');
    const list = document.createElement('script');
    list.type = 'application/json';
    list.id = PAGE_GROUP_FILES_ID;
    list.textContent = JSON.stringify({ settings: ['/assets/settings-a.js', '/assets/shared-b.js', '/assets/settings-c.css'], help: ['/assets/help-d.js', '/assets/shared-b.js'] });
    document.head.append(list);
    const win = { ...fakeWindow('complete').win, document } as Window;

    prefetchLikelyNext('profile', win);
    vi.advanceTimersByTime(PREFETCH_DELAY_MS);
    const hrefs = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(['/assets/settings-a.js', '/assets/shared-b.js', '/assets/settings-c.css', '/assets/help-d.js']);
    expect(loaded).not.toHaveBeenCalled();
    list.remove();
  });
});
