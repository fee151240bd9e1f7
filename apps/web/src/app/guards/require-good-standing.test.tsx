import type { Standing } from '@linkup/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { apiError, buildSession, json, mockFetch } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const standing: Standing = {
  status: 'suspended', strikes: 1, until: '2026-12-05T10:00:00.000Z',
  decisions: [{
    id: 'dec_1', action: 'suspend', reason_code: 'harassment', statement: 'We have suspended your account for 7 days.', at: '2026-11-28T10:00:00.000Z',
    until: '2026-12-05T10:00:00.000Z', automatic: false, content: null, overturned: false, appeal: { status: null, deadline: '2027-05-28T10:00:00.000Z' },
  }],
};
const suspended = () => json(423, {
  success: false, status: 423, code: 'account_suspended', message: 'Your account is restricted. See Your account for the reasons.',
  details: { until: '2026-12-05T10:00:00.000Z' }, timestamp: new Date().toISOString(),
});

afterEach(() => vi.unstubAllGlobals());

describe('a restricted session (issue 30)', () => {
  it('keeps the session on account_suspended and shows only the standing page, whatever the address', async () => {
    mockFetch((url) => (url.includes('/account/standing') ? json(200, { success: true, data: standing }) : suspended()));
    const { router } = renderApp('/app/dashboard', { session: buildSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('We have suspended your account for 7 days.')).toBeInTheDocument();
    expect(useSessionStore.getState().token).toBe('tok_test_123');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: /tab/i })).not.toBeInTheDocument();
    await router.navigate('/app/discover');
    expect(screen.getByRole('heading', { level: 1, name: 'Your account' })).toBeInTheDocument();
  });

  it('shows the standing page at once for a session the server marks restricted', async () => {
    mockFetch((url) => (url.includes('/account/standing') ? json(200, { success: true, data: standing }) : suspended()));
    renderApp('/app/matches', { session: buildSession({ restricted: true }) });
    expect(await screen.findByText('Your account is suspended.')).toBeInTheDocument();
  });

  it('still signs out on a 401', async () => {
    mockFetch(() => apiError(401, 'Unauthenticated.'));
    const { router } = renderApp('/app/dashboard', { session: buildSession() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
  });
});
