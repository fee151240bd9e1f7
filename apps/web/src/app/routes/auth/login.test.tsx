import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useOtpStore } from '@/features/auth/stores/otp-store';
import { useSessionStore } from '@/lib/session-store';
import { apiError, buildSession, calledEndpoints, json, mockApi, mockFetch, sentBody as bodyOf, validationError } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

async function openLogin(path = '/auth/login') {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
  return { ...view, user: userEvent.setup() };
}

async function submit(user: ReturnType<typeof userEvent.setup>, identifier: string, password: string) {
  if (identifier) await user.type(screen.getByLabelText('Email or mobile'), identifier);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

const sentBody = (fetch: ReturnType<typeof mockFetch>) => JSON.parse(String(fetch.mock.calls[0]![1]?.body)) as unknown;

afterEach(() => vi.unstubAllGlobals());

describe('password sign-in', () => {
  it('signs in with an e-mail address and lands on the dashboard', async () => {
    const session = buildSession();
    // Only the sign-in is answered: the dashboard it lands on gets 404s, not the session as its data.
    const fetch = mockApi({ 'POST /api/auth/login': () => json(200, { success: true, data: session, message: 'Login successful!' }) });
    const { user, router } = await openLogin();
    await submit(user, 'demo@linkup.app', 'LinkUp-demo-1');

    expect(fetch.mock.calls[0]![0]).toBe('/api/auth/login');
    expect(sentBody(fetch)).toEqual({ email: 'demo@linkup.app', password: 'LinkUp-demo-1' });
    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    expect(JSON.parse(window.localStorage.getItem('linkup.session')!)).toEqual(session);
  });

  it('sends anything without @ as a mobile number', async () => {
    const fetch = mockApi({ 'POST /api/auth/login': () => json(200, { success: true, data: buildSession() }) });
    const { user } = await openLogin();
    await submit(user, '+27 82 000 0001', 'pw');
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(sentBody(fetch)).toEqual({ mobile: '+27 82 000 0001', password: 'pw' });
  });

  it("says 'Login failed' and the server's reason once, in the form (issue 32 item 16: no toast besides)", async () => {
    mockFetch(() => apiError(401, 'These credentials do not match our records.'));
    const { user, router } = await openLogin();
    await submit(user, 'demo@linkup.app', 'wrong');

    const alert = await within(screen.getByRole('form', { name: 'Sign in' })).findByRole('alert');
    expect(alert).toHaveTextContent('Login failed. These credentials do not match our records.');
    expect(screen.getAllByText(/Login failed/)).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('says why when the server signed this device out (another device, a password change)', async () => {
    mockFetch(() => apiError(401, 'Unauthenticated.'));
    const { router } = renderApp('/app/dashboard', { session: buildSession() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(await screen.findByRole('status')).toHaveTextContent('You were signed out on this device.');
  });

  it('shows no sign-out notice on a plain visit', async () => {
    await openLogin();
    expect(screen.queryByText('You were signed out on this device.')).toBeNull();
  });

  it('shows field errors from a 422', async () => {
    mockFetch(() => validationError({ mobile: ['Enter a valid mobile number.'] }));
    const { user } = await openLogin();
    await submit(user, '12', 'pw');
    expect(await screen.findByText('Enter a valid mobile number.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email or mobile')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the network message when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const { user } = await openLogin();
    await submit(user, 'demo@linkup.app', 'pw');
    expect(await within(screen.getByRole('form', { name: 'Sign in' })).findByRole('alert')).toHaveTextContent('Network error. Please check your connection.');
  });

  it('asks for both fields before calling the server', async () => {
    const fetch = mockFetch(() => json(200, {}));
    const { user } = await openLogin();
    await submit(user, '', '');
    expect(screen.getByText('Enter your e-mail address or mobile number.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('links to registration and password reset', async () => {
    await openLogin();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/auth/register');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/auth/forgot-password');
  });
});

describe('sign-in with WhatsApp', () => {
  const sent = { expires_at: '2030-01-01T10:05:00.000Z', resend_available_at: '2030-01-01T10:01:00.000Z' };

  async function openWhatsapp(path = '/auth/login') {
    const view = await openLogin(path);
    await view.user.click(screen.getByRole('link', { name: 'Continue with WhatsApp' }));
    await screen.findByRole('form', { name: 'Sign in with WhatsApp' });
    return view;
  }

  it('offers WhatsApp from the password form and back', async () => {
    const { user, router } = await openLogin();
    await user.click(screen.getByRole('link', { name: 'Continue with WhatsApp' }));
    expect(router.state.location.search).toBe('?method=whatsapp');
    expect(screen.getByLabelText('Mobile number')).toHaveAttribute('type', 'tel');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Sign in with password' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });

  it("sends the code, says 'Code sent to your WhatsApp!' and goes to the code page", async () => {
    const fetch = mockApi({
      'POST /api/auth/request-otp': () => json(200, { success: true, data: sent, message: 'Code sent to your WhatsApp!' }),
      'POST /api/auth/otp-status': () => json(200, { success: true, data: { exists: true, expires_in_seconds: 300 } }),
    });
    const { user, router } = await openWhatsapp('/auth/login?redirect=%2Fapp%2Fmore');
    await user.type(screen.getByLabelText('Mobile number'), ' +27 84 123 4567 ');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/otp-verification'));
    expect(bodyOf(fetch, 'POST /api/auth/request-otp')).toEqual({ mobile: '+27 84 123 4567' });
    expect(await screen.findByText('Code sent to your WhatsApp!')).toBeInTheDocument();
    expect(useOtpStore.getState()).toMatchObject({
      mobile: '+27 84 123 4567',
      resendAvailableAt: sent.resend_available_at,
      returnTo: '/app/more',
    });
    expect(JSON.parse(window.sessionStorage.getItem('linkup.otp')!).state.mobile).toBe('+27 84 123 4567');
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify Your Number' })).toBeInTheDocument();
  });

  it('asks for a mobile number before calling the server', async () => {
    const fetch = mockFetch(() => json(200, {}));
    const { user } = await openWhatsapp();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter a valid mobile number.')).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile number')).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("says 'Failed to send the code' with the server's reason, and stays", async () => {
    const fetch = mockApi({
      'POST /api/auth/request-otp': () =>
        apiError(429, 'Too many codes requested. Please try again later.'),
    });
    const { user, router } = await openWhatsapp();
    await user.type(screen.getByLabelText('Mobile number'), '+27841234567');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    // One message, in the form (issue 32 item 16): the failure and the server's reason, no toast besides.
    expect(await within(screen.getByRole('form', { name: 'Sign in with WhatsApp' })).findByRole('alert')).toHaveTextContent(
      'Failed to send the code. Too many codes requested. Please try again later.',
    );
    expect(screen.getAllByText(/Failed to send the code/)).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(useOtpStore.getState().mobile).toBeNull();
    expect(calledEndpoints(fetch)).toEqual(['POST /api/auth/request-otp']);
  });

  it('shows a 422 mobile error next to the field', async () => {
    mockApi({ 'POST /api/auth/request-otp': () => apiError(422, 'Validation failed. Please check your input.', { mobile: ['Enter a valid mobile number.'] }) });
    const { user } = await openWhatsapp();
    await user.type(screen.getByLabelText('Mobile number'), '+2784123');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter a valid mobile number.')).toHaveClass('field-error');
  });
});
