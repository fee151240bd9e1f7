import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { buildSession, json, mockFetch, apiError } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const ENTRIES = [
  ['Edit Profile', '/app/profile/edit'],
  ['My Photos', '/app/profile/photos'],
  ['Interests', '/app/profile/interests'],
  ['People Who Like You', '/app/likes'],
  ['Profile Visitors', '/app/visitors'],
  ['Recent Activity', '/app/activity'],
  ['Dating Preferences', '/app/preferences'],
  ['Account Settings', '/app/settings/account'],
  ['Blocked Users', '/app/blocked-users'],
  ['Help & Support', '/app/help'],
  ['Privacy Policy', '/app/privacy-policy'],
  ['Terms of Service', '/app/terms'],
] as const;

const entry = (label: string) => screen.getByRole('link', { name: new RegExp(`^${label.replace(/[&]/g, '\\$&')}`) });

async function openMore() {
  const view = renderApp('/app/more', { session: buildSession() });
  await screen.findByRole('heading', { level: 1, name: 'More' });
  return view;
}

afterEach(() => vi.unstubAllGlobals());

describe('More screen (spec §2)', () => {
  it('shows the premium banner linking to the subscription page', async () => {
    await openMore();
    const banner = screen.getByRole('link', { name: /^Upgrade to Premium/ });
    expect(banner).toHaveAttribute('href', '/app/subscription');
    expect(within(banner).getByText('Upgrade to Premium')).toBeInTheDocument();
    expect(within(banner).getByText('Unlock unlimited likes, see who likes you, and boost your profile')).toBeInTheDocument();
  });

  it('lists the four sections in order', async () => {
    await openMore();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Profile', 'Premium Features', 'Settings', 'Support & Legal']);
    const sections = screen.getAllByRole('region');
    expect(within(sections[0]!).getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual([
      '/app/profile/edit',
      '/app/profile/photos',
      '/app/profile/interests',
    ]);
  });

  it('links every entry where it says', async () => {
    await openMore();
    for (const [label, href] of ENTRIES) {
      expect(entry(label)).toHaveAttribute('href', href);
    }
  });

  it('labels only People Who Like You and Profile Visitors as Premium', async () => {
    await openMore();
    expect(entry('People Who Like You')).toHaveTextContent('Premium');
    expect(entry('Profile Visitors')).toHaveTextContent('Premium');
    for (const [label] of ENTRIES.filter(([l]) => l !== 'People Who Like You' && l !== 'Profile Visitors')) {
      expect(entry(label)).not.toHaveTextContent('Premium');
    }
  });

  it('shows the app name and version in the footer', async () => {
    await openMore();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('LinkUp')).toBeInTheDocument();
    expect(within(footer).getByText('Version 1.0.0')).toBeInTheDocument();
  });

  it("logs out: 'Logging out...', then /auth/login with 'Logged out successfully'", async () => {
    let release!: () => void;
    const fetch = mockFetch((url) => {
      if (url === '/api/user/fcm-token') return apiError(404, 'Not found');
      return new Promise<Response>((resolve) => {
        release = () => resolve(json(200, { success: true, data: null, message: 'Logged out successfully' }));
      });
    });
    const user = userEvent.setup();
    const { router } = await openMore();

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    const busy = screen.getByRole('button', { name: 'Logging out...' });
    expect(busy).toBeDisabled();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(fetch.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual([
      'DELETE /api/user/fcm-token',
      'POST /api/auth/logout',
    ]);
    expect((fetch.mock.calls[1]![1]?.headers as Record<string, string>).Authorization).toBe('Bearer tok_test_123');

    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(useSessionStore.getState().token).toBeNull();
    expect(window.localStorage.getItem('linkup.session')).toBeNull();
  });

  it("still signs out locally when the server call fails, with 'Logout failed'", async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('offline'))));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    const { router } = await openMore();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    expect(useSessionStore.getState().token).toBeNull();
    expect(warn).toHaveBeenCalledWith('Logout request failed', expect.anything());
  });
});
