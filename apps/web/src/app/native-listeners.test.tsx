import { UI_TEXTS } from '@linkup/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const native = vi.hoisted(() => ({
  back: undefined as undefined | (() => void),
  link: undefined as undefined | ((url: string) => void),
  exitApp: vi.fn(() => Promise.resolve()),
  confirm: vi.fn(() => Promise.resolve(true)),
}));

vi.mock('@/platform/platform', () => ({
  getPlatform: () => 'android',
  platform: {
    getPlatform: () => 'android',
    isNative: true,
    onBackButton: (handler: () => void) => {
      native.back = handler;
      return () => {
        native.back = undefined;
      };
    },
    onDeepLink: (handler: (url: string) => void) => {
      native.link = handler;
      return () => {
        native.link = undefined;
      };
    },
    exitApp: native.exitApp,
  },
}));

vi.mock('@/lib/dialogs', () => ({ confirmDialog: native.confirm }));

beforeEach(() => {
  native.exitApp.mockClear();
  native.confirm.mockClear();
});

describe('native listeners', () => {
  it('asks before exiting from the dashboard and exits on OK', async () => {
    renderApp('/app/dashboard', { session: buildSession() });
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    await act(async () => native.back?.());
    expect(native.confirm).toHaveBeenCalledWith(UI_TEXTS.exitAppConfirm);
    await waitFor(() => expect(native.exitApp).toHaveBeenCalled());
  });

  it('stays when the member cancels', async () => {
    native.confirm.mockResolvedValueOnce(false);
    renderApp('/app/dashboard', { session: buildSession() });
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    await act(async () => native.back?.());
    expect(native.exitApp).not.toHaveBeenCalled();
  });

  it('goes back one page elsewhere', async () => {
    const { router } = renderApp('/app/dashboard', { session: buildSession() });
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    await act(() => router.navigate('/app/more'));
    await screen.findByRole('heading', { level: 1, name: 'More' });
    await act(async () => native.back?.());
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    expect(native.confirm).not.toHaveBeenCalled();
  });

  it('opens deep links inside the app, and reset links only when complete', async () => {
    const { router } = renderApp('/auth/login');
    await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });

    await act(async () => native.link?.('linkup://auth/reset-password?token=abc'));
    expect(router.state.location.pathname).toBe('/auth/login');

    await act(async () => native.link?.('linkup://auth/reset-password?token=abc&mobile=27820000001'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/reset-password'));
    expect(router.state.location.search).toBe('?token=abc&mobile=27820000001');
    expect(await screen.findByRole('heading', { level: 1, name: 'New Password' })).toBeInTheDocument();
  });
});
