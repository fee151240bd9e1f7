import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NativeChrome } from '@/app/native-chrome';

const device = await vi.hoisted(async () => (await import('@/test/fake-platform')).fakeNativePlatform('android'));
vi.mock('@/platform/platform', () => ({ platform: device.platform, getPlatform: device.platform.getPlatform }));

/** A system colour scheme the test can switch. */
function systemScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    matches: dark,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.spyOn(window, 'matchMedia').mockImplementation(() => media as unknown as MediaQueryList);
  return (next: boolean) => {
    media.matches = next;
    listeners.forEach((l) => l());
  };
}

afterEach(() => device.platform.setStatusBar.mockClear());

describe('status bar', () => {
  it('follows the system look at start and when it changes', () => {
    const switchTo = systemScheme(false);
    const { unmount } = render(<NativeChrome />);
    expect(device.platform.setStatusBar).toHaveBeenLastCalledWith('light');
    switchTo(true);
    expect(device.platform.setStatusBar).toHaveBeenLastCalledWith('dark');
    unmount();
    switchTo(false);
    expect(device.platform.setStatusBar).toHaveBeenCalledTimes(2);
  });
});
