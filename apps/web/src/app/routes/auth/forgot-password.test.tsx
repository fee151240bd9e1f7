import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi, mockFetch, sentBody, validationError } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

afterEach(() => vi.unstubAllGlobals());

const SERVER_MESSAGE = 'If an account matches, a password reset link has been sent to your email/mobile.';

async function openForgot() {
  renderApp('/auth/forgot-password');
  await screen.findByRole('heading', { level: 1, name: 'Reset Password' });
  return userEvent.setup();
}

async function send(user: ReturnType<typeof userEvent.setup>, identifier: string) {
  if (identifier) await user.type(screen.getByLabelText('Email or mobile'), identifier);
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));
}

describe('/auth/forgot-password', () => {
  it("sends an e-mail address as email and shows the server's message once, in place of the form", async () => {
    const fetch = mockApi({ 'POST /api/auth/forgot-password': () => json(200, { success: true, data: null, message: SERVER_MESSAGE }) });
    const user = await openForgot();
    await send(user, 'Naledi@Example.com');

    expect(await screen.findByRole('status')).toHaveTextContent(SERVER_MESSAGE);
    expect(screen.getAllByText(SERVER_MESSAGE)).toHaveLength(1);
    expect(sentBody(fetch, 'POST /api/auth/forgot-password')).toEqual({ email: 'naledi@example.com' });
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/auth/login');
  });

  it('sends anything without @ as mobile, and falls back to the catalogue message', async () => {
    const fetch = mockApi({ 'POST /api/auth/forgot-password': () => json(200, { success: true, data: null }) });
    const user = await openForgot();
    await send(user, '+27 84 123 4567');
    expect(await screen.findByRole('status')).toHaveTextContent('Password reset link has been sent to your email/mobile');
    expect(sentBody(fetch, 'POST /api/auth/forgot-password')).toEqual({ mobile: '+27 84 123 4567' });
  });

  it('can send another link', async () => {
    mockApi({ 'POST /api/auth/forgot-password': () => json(200, { success: true, data: null, message: SERVER_MESSAGE }) });
    const user = await openForgot();
    await send(user, 'naledi@example.com');
    await user.click(await screen.findByRole('button', { name: /Send another link/ }));
    expect(screen.getByLabelText('Email or mobile')).toBeInTheDocument();
  });

  it('asks for an identifier before calling the server', async () => {
    const fetch = mockFetch(() => json(200, {}));
    const user = await openForgot();
    await send(user, '');
    expect(screen.getByText('Enter your e-mail address or mobile number.')).toBeInTheDocument();
    await send(user, 'not-an@address');
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says a refused number once, beside the field (issue 32 item 16: no alert or toast besides)', async () => {
    mockApi({ 'POST /api/auth/forgot-password': () => validationError({ mobile: ['Enter a valid mobile number.'] }) });
    const user = await openForgot();
    await send(user, '+2784');
    expect(await screen.findByText('Enter a valid mobile number.')).toHaveClass('field-error');
    expect(screen.queryByText(/Failed to send reset link|Validation failed/)).toBeNull();
  });

  it("says 'Failed to send reset link' and why in the form when the call fails otherwise", async () => {
    mockApi({ 'POST /api/auth/forgot-password': () => apiError(429, 'Too many reset links requested. Please try again later.') });
    const user = await openForgot();
    await send(user, '+27841234567');
    expect(await within(screen.getByRole('form', { name: 'Request a password reset link' })).findByRole('alert')).toHaveTextContent(
      'Failed to send reset link. Too many reset links requested. Please try again later.',
    );
    expect(screen.getAllByText(/Failed to send reset link/)).toHaveLength(1);
  });
});
