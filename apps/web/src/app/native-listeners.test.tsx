import { UI_TEXTS } from '@linkup/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildSession, mockApi } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const device = await vi.hoisted(async () => (await import('@/test/fake-platform')).fakeNativePlatform('android'));
vi.mock('@/platform/platform', () => ({ platform: device.platform, getPlatform: device.platform.getPlatform }));

const native = vi.hoisted(() => ({ confirm: vi.fn(() => Promise.resolve(true)) }));
// The dialog host (mounted by the providers) still needs the real store.
vi.mock(import('@/lib/dialogs'), async (importOriginal) => ({ ...(await importOriginal()), confirmDialog: native.confirm }));

beforeEach(() => {
  device.platform.exitApp.mockClear();
  native.confirm.mockClear();
  // The pages' own calls answer 404 and pushes stay off: this suite is about the device's buttons and links.
  mockApi({});
  device.push.permission.mockResolvedValue('denied');
});
afterEach(() => vi.unstubAllGlobals());

describe('native listeners', () => {
  it('asks before exiting from the dashboard and exits on OK', async () => {
    renderApp('/app/dashboard', { session: buildSession() });
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    await act(async () => device.pressBack());
    await waitFor(() => expect(native.confirm).toHaveBeenCalledWith(UI_TEXTS.exitAppConfirm, undefined, { confirmLabel: 'Exit' }));
    await waitFor(() => expect(device.platform.exitApp).toHaveBeenCalled());
  });

  it('stays when the member cancels', async () => {
    native.confirm.mockResolvedValueOnce(false);
    renderApp('/app/dashboard', { session: buildSession() });
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    await act(async () => device.pressBack());
    expect(device.platform.exitApp).not.toHaveBeenCalled();
  });

  it('goes back one page elsewhere', async () => {
    const { router } = renderApp('/app/dashboard', { session: buildSession() });
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    await act(() => router.navigate('/app/more'));
    await screen.findByRole('heading', { level: 1, name: 'More' });
    await act(async () => device.pressBack());
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    expect(native.confirm).not.toHaveBeenCalled();
  });

  it('on a page opened cold (a link or a push started the app there), goes to the dashboard when signed in', async () => {
    const { router } = renderApp('/app/more', { session: buildSession() });
    await screen.findByRole('heading', { level: 1, name: 'More' });
    await act(async () => device.pressBack());
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    expect(native.confirm).not.toHaveBeenCalled();

    // The dashboard replaced the page: back now asks before leaving.
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    await act(async () => device.pressBack());
    await waitFor(() => expect(native.confirm).toHaveBeenCalledWith(UI_TEXTS.exitAppConfirm, undefined, { confirmLabel: 'Exit' }));
  });

  it('on the sign-in page opened cold (also after a redirect there), asks before leaving', async () => {
    const { router } = renderApp('/app/matches');
    await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
    expect(router.state.location.pathname).toBe('/auth/login');
    await act(async () => device.pressBack());
    await waitFor(() => expect(native.confirm).toHaveBeenCalledWith(UI_TEXTS.exitAppConfirm, undefined, { confirmLabel: 'Exit' }));
    await waitFor(() => expect(device.platform.exitApp).toHaveBeenCalled());
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('with onboarding unfinished, a page opened cold asks before leaving (the dashboard would lead back)', async () => {
    const { router } = renderApp('/app/more', { session: buildSession({ profile_completed: false, onboarding_completed_at: null }) });
    await screen.findByRole('heading', { level: 1, name: 'More' });
    await act(async () => device.pressBack());
    await waitFor(() => expect(native.confirm).toHaveBeenCalledWith(UI_TEXTS.exitAppConfirm, undefined, { confirmLabel: 'Exit' }));
    expect(router.state.location.pathname).toBe('/app/more');
  });

  it('goes back from a page a link opened over another, to that page', async () => {
    const { router } = renderApp('/app/more', { session: buildSession() });
    await screen.findByRole('heading', { level: 1, name: 'More' });
    await act(async () => device.openLink('linkup://app/help'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/help'));
    await act(async () => device.pressBack());
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/more'));
    expect(native.confirm).not.toHaveBeenCalled();
  });

  it('closes an open dialog or sheet first, and only then goes back', async () => {
    const { router } = renderApp('/app/dashboard', { session: buildSession() });
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    await act(() => router.navigate('/app/more'));
    await screen.findByRole('heading', { level: 1, name: 'More' });

    const sheet = document.createElement('div');
    sheet.setAttribute('role', 'dialog');
    sheet.setAttribute('aria-modal', 'true');
    document.body.append(sheet);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') sheet.remove();
    };
    document.addEventListener('keydown', onKey);

    await act(async () => device.pressBack());
    expect(document.body.contains(sheet)).toBe(false);
    expect(router.state.location.pathname).toBe('/app/more');

    await act(async () => device.pressBack());
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    document.removeEventListener('keydown', onKey);
  });

  it('opens deep links inside the app, and reset links only with their token', async () => {
    const { router } = renderApp('/auth/login');
    await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });

    await act(async () => device.openLink('linkup://auth/reset-password?mobile=27820000001'));
    expect(router.state.location.pathname).toBe('/auth/login');

    // Climbs out of /app/ to `//evil.com`, which only the router would stop: ignored here.
    await act(async () => device.openLink('linkup://app/..//evil.com'));
    expect(router.state.location.pathname).toBe('/auth/login');

    await act(async () => device.openLink('linkup://auth/reset-password?token=abc&mobile=27820000001'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/reset-password'));
    expect(router.state.location.search).toBe('?token=abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'New Password' })).toBeInTheDocument();
  });
});
