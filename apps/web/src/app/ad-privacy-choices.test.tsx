import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AD_PRIVACY_TEXTS } from '@/features/settings/components/ad-privacy-choices';
import { buildSession, mockApi } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

/** Issue 34 item 11: "Privacy choices" in Settings where the law requires them (Google UMP), in the native app. */
const device = await vi.hoisted(async () => (await import('@/test/fake-platform')).fakeNativePlatform('android'));
vi.mock('@/platform/platform', () => ({ platform: device.platform, getPlatform: device.platform.getPlatform }));
vi.mock('@/lib/socket', () => import('@/test/fake-socket').then((m) => m.fakeSocketModule()));

afterEach(() => vi.unstubAllGlobals());

async function openSettings() {
  mockApi({});
  renderApp('/app/settings', { session: buildSession() });
  // The first page of a file loads its lazy page group cold.
  await screen.findByRole('button', { name: 'Sign out' }, { timeout: 10_000 });
}

describe('Privacy choices for ads (Settings)', () => {
  it('opens Google’s form where changing ad consent must be possible', async () => {
    device.ads.privacyChoicesRequired.mockResolvedValue(true);
    await openSettings();
    const button = await screen.findByRole('button', { name: AD_PRIVACY_TEXTS.label });
    await userEvent.setup().click(button);
    expect(device.ads.showPrivacyChoices).toHaveBeenCalledTimes(1);
  });

  it('is not offered where it is not required', async () => {
    device.ads.privacyChoicesRequired.mockResolvedValue(false);
    await openSettings();
    await waitFor(() => expect(device.ads.privacyChoicesRequired).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: AD_PRIVACY_TEXTS.label })).toBeNull();
  });
});
