import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { buildSession, buildUser, calledEndpoints, json, mockApi, sentBody, validationError } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

afterEach(() => vi.unstubAllGlobals());

const VERIFIED_AT = '2030-01-01T10:00:00.000Z';
const verified = (overrides = {}) => () =>
  json(200, {
    success: true,
    data: { user: buildUser({ email_verified_at: VERIFIED_AT, ...overrides }) },
    message: 'Your e-mail address is verified.',
  });
const invalid = () => validationError({ token: ['This verification link is invalid or has expired.'] }, 'This verification link is invalid or has expired.');

async function openVerify(path: string, session: ReturnType<typeof buildSession> | null = null, strict = false) {
  const view = renderApp(path, { session, strict });
  await screen.findByRole('heading', { level: 1, name: 'Verify Email' });
  return { ...view, user: userEvent.setup() };
}

describe('/auth/verify-email', () => {
  it('verifies once on arrival (even under StrictMode) and offers to sign in', async () => {
    let release!: () => void;
    const answer = new Promise<void>((resolve) => (release = resolve));
    const fetch = mockApi({ 'POST /api/auth/email/verify': async () => answer.then(verified()) });
    await openVerify('/auth/verify-email?token=tok_mail_1', null, true);
    expect(await screen.findByText('Verifying your e-mail address…')).toBeInTheDocument();
    release();

    expect(await screen.findByText('Your e-mail address is verified.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/auth/login');
    expect(calledEndpoints(fetch)).toEqual(['POST /api/auth/email/verify']);
    expect(sentBody(fetch, 'POST /api/auth/email/verify')).toEqual({ token: 'tok_mail_1' });
  });

  it("stays open to a signed-in member, updates their stored user and continues to the dashboard", async () => {
    mockApi({ 'POST /api/auth/email/verify': verified() });
    const session = buildSession({ email_verified_at: null });
    const { router } = await openVerify('/auth/verify-email?token=tok_mail_1', session);
    expect(await screen.findByText('Your e-mail address is verified.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/verify-email');
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/app/dashboard');
    expect(useSessionStore.getState().user?.email_verified_at).toBe(VERIFIED_AT);
    expect(JSON.parse(window.localStorage.getItem('linkup.session')!).user.email_verified_at).toBe(VERIFIED_AT);
  });

  it("leaves the stored user alone when the link was another member's", async () => {
    mockApi({ 'POST /api/auth/email/verify': verified({ id: 'usr_other' }) });
    await openVerify('/auth/verify-email?token=tok_mail_1', buildSession({ email_verified_at: null }));
    expect(await screen.findByText('Your e-mail address is verified.')).toBeInTheDocument();
    expect(useSessionStore.getState().user?.email_verified_at).toBeNull();
  });

  it("shows the server's reason for a bad link, and sends signed-out visitors to sign in", async () => {
    mockApi({ 'POST /api/auth/email/verify': invalid });
    await openVerify('/auth/verify-email?token=tok_old');
    expect(await screen.findByText('This verification link is invalid or has expired.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
    expect(screen.queryByRole('button', { name: 'Resend verification e-mail' })).not.toBeInTheDocument();
  });

  it('lets a signed-in member ask for a new link after a failure', async () => {
    const fetch = mockApi({
      'POST /api/auth/email/verify': invalid,
      'POST /api/auth/email/resend': () =>
        json(200, { success: true, data: null, message: 'We sent a new verification link to your e-mail address.' }),
    });
    const { user } = await openVerify('/auth/verify-email?token=tok_old', buildSession({ email_verified_at: null }));
    await user.click(await screen.findByRole('button', { name: 'Resend verification e-mail' }));
    expect(await screen.findByText('We sent a new verification link to your e-mail address.')).toBeInTheDocument();
    expect(calledEndpoints(fetch)).toEqual(['POST /api/auth/email/verify', 'POST /api/auth/email/resend']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Resend verification e-mail' })).toBeDisabled());
  });

  it('says the link is incomplete without a token, without calling the server', async () => {
    const fetch = mockApi({});
    await openVerify('/auth/verify-email');
    expect(screen.getByText('This verification link is incomplete. Please open the full link from the e-mail.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
