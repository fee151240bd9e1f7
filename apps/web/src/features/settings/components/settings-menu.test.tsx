import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { buildSession, calledEndpoints, json, mockApi } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

afterEach(() => vi.unstubAllGlobals());

describe('/app/settings', () => {
  it('links to every settings page, dating preferences, blocked users and help', async () => {
    renderApp('/app/settings', { session: buildSession() });
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    const links: [string, string][] = [
      ['Account', '/app/settings/account'],
      ['Privacy', '/app/settings/privacy'],
      ['Notifications', '/app/settings/notifications'],
      ['Dating Preferences', '/app/preferences'],
      ['Blocked Users', '/app/blocked-users'],
      ['Help & Support', '/app/help'],
    ];
    // In the page: the header's bell is a link named "Notifications" too (issue 32 item 5).
    const page = screen.getByRole('main');
    for (const [label, href] of links) {
      expect(within(page).getByRole('link', { name: new RegExp(`^${label}`) })).toHaveAttribute('href', href);
    }
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Your account', 'Dating', 'Support']);
  });

  it('signs out with the auth feature’s logout and lands on /auth/login', async () => {
    const fetch = mockApi({
      'DELETE /api/user/fcm-token': () => json(200, { success: true, data: null }),
      'POST /api/auth/logout': () => json(200, { success: true, data: null, message: 'Logged out successfully' }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/app/settings', { session: buildSession() });
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(calledEndpoints(fetch)).toEqual(['DELETE /api/user/fcm-token', 'POST /api/auth/logout']);
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(useSessionStore.getState().token).toBeNull();
  });
});
