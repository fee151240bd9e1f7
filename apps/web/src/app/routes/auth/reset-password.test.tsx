import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, mockFetch, sentBody, validationError } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

afterEach(() => vi.unstubAllGlobals());

const LINK = '/auth/reset-password?token=tok_reset_1';

async function openReset(path = LINK) {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'New Password' });
  return { ...view, user: userEvent.setup() };
}

async function choose(user: ReturnType<typeof userEvent.setup>, password: string, confirmation = password) {
  if (password) await user.type(screen.getByLabelText('New password'), password);
  if (confirmation) await user.type(screen.getByLabelText('Confirm new password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Reset password' }));
}

describe('/auth/reset-password', () => {
  it("resets with the link's token (no number in it, issue 32), toasts the server's message and goes to sign in", async () => {
    const fetch = mockApi({
      'POST /api/auth/reset-password': () =>
        json(200, { success: true, data: null, message: 'Your password has been reset successfully' }),
    });
    const { user, router } = await openReset();
    await choose(user, 'a-brand-new-secret');

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(await screen.findByText('Your password has been reset successfully')).toBeInTheDocument();
    expect(sentBody(fetch, 'POST /api/auth/reset-password')).toEqual({
      token: 'tok_reset_1',
      password: 'a-brand-new-secret',
      password_confirmation: 'a-brand-new-secret',
    });
  });

  it('falls back to the catalogue message', async () => {
    mockApi({ 'POST /api/auth/reset-password': () => json(200, { success: true, data: null }) });
    const { user, router } = await openReset();
    await choose(user, 'a-brand-new-secret');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(await screen.findByText('Your password has been reset successfully')).toBeInTheDocument();
  });

  it('checks the passwords before sending', async () => {
    const fetch = mockFetch(() => json(200, {}));
    const { user } = await openReset();
    await choose(user, 'short', 'short');
    expect(screen.getByText('Use at least 8 characters.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Confirm new password'));
    await choose(user, 'a-brand-new-secret', 'a-different-secret');
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("says 'Failed to reset password' for a used or expired link and offers a new one", async () => {
    mockApi({
      'POST /api/auth/reset-password': () =>
        validationError({ token: ['This password reset link is invalid or has expired.'] }, 'This password reset link is invalid or has expired.'),
    });
    const { user, router } = await openReset();
    await choose(user, 'a-brand-new-secret');
    // One message, in the form (issue 32 item 16): the failure and why, with the way on; no toast besides.
    const alert = await within(screen.getByRole('form', { name: 'Choose a new password' })).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to reset password. This password reset link is invalid or has expired.');
    expect(screen.getAllByText(/Failed to reset password/)).toHaveLength(1);
    expect(within(alert).getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/auth/forgot-password');
    expect(router.state.location.pathname).toBe('/auth/reset-password');
  });

  it('shows a common-password error next to the field', async () => {
    mockApi({
      'POST /api/auth/reset-password': () => validationError({ password: ['This password is too common. Please choose another.'] }),
    });
    const { user } = await openReset();
    await choose(user, 'password123');
    expect(await screen.findByText('This password is too common. Please choose another.')).toHaveClass('field-error');
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
  });

  it.each([
    ['no token', '/auth/reset-password?mobile=%2B27841234567'],
    ['an empty token', '/auth/reset-password?token='],
    ['nothing', '/auth/reset-password'],
  ])('says the link is incomplete with %s', async (_label, path) => {
    await openReset(path);
    expect(screen.getByText('This password reset link is incomplete. Please request a new one.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/auth/forgot-password');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});
