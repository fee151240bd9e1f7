import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { buildSession, buildUser, json, mockApi, apiError } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

afterEach(() => vi.unstubAllGlobals());

const banner = () => screen.queryByRole('complementary', { name: 'E-mail verification' });

async function openDashboard(overrides: Parameters<typeof buildSession>[0]) {
  const view = renderApp('/app/dashboard', { session: buildSession(overrides) });
  await screen.findByRole('heading', { level: 1, name: 'Home' });
  return Object.assign(userEvent.setup(), { unmount: view.unmount });
}

describe('e-mail verification reminder in the app shell', () => {
  it('is shown while the e-mail address is unverified, and resends the link', async () => {
    mockApi({
      'POST /api/auth/email/resend': () =>
        json(200, { success: true, data: null, message: 'We sent a new verification link to your e-mail address.' }),
    });
    const user = await openDashboard({ email_verified_at: null });
    expect(banner()).toHaveTextContent('Please verify your e-mail address');
    await user.click(screen.getByRole('button', { name: 'Resend link' }));
    expect(await screen.findByText('We sent a new verification link to your e-mail address.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Link sent' })).toBeDisabled();
  });

  it('is not shown once verified, or when the server does not say', async () => {
    const first = await openDashboard({ email_verified_at: '2030-01-01T10:00:00.000Z' });
    expect(banner()).not.toBeInTheDocument();
    first.unmount();
    await openDashboard({});
    expect(banner()).not.toBeInTheDocument();
  });

  it('can be dismissed', async () => {
    const user = await openDashboard({ email_verified_at: null });
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(banner()).not.toBeInTheDocument();
  });

  it('disappears when the server says the address is already verified', async () => {
    mockApi({
      'POST /api/auth/email/resend': () =>
        apiError(422, 'Your e-mail address is already verified.'),
      'GET /api/auth/user': () => json(200, { success: true, data: { user: buildUser({ email_verified_at: '2030-01-01T10:00:00.000Z' }) } }),
    });
    const user = await openDashboard({ email_verified_at: null });
    await user.click(screen.getByRole('button', { name: 'Resend link' }));
    expect(await screen.findByText('Your e-mail address is already verified.')).toBeInTheDocument();
    await waitFor(() => expect(banner()).not.toBeInTheDocument());
    expect(useSessionStore.getState().user?.email_verified_at).toBe('2030-01-01T10:00:00.000Z');
  });

  it("shows the server's reason when a new link is refused", async () => {
    mockApi({
      'POST /api/auth/email/resend': () =>
        apiError(429, 'Please wait a few minutes before asking for another link.'),
    });
    const user = await openDashboard({ email_verified_at: null });
    await user.click(screen.getByRole('button', { name: 'Resend link' }));
    expect(await screen.findByText('Please wait a few minutes before asking for another link.')).toBeInTheDocument();
  });
});
