import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { buildSession, buildUser, calledEndpoints, json, mockApi, sentBody, validationError } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const confirm = vi.hoisted(() => vi.fn(() => Promise.resolve(true)));
vi.mock(import('@/lib/dialogs'), async (importOriginal) => ({ ...(await importOriginal()), confirmDialog: confirm }));

const ok = (data: unknown, message?: string) => json(200, { success: true, data, ...(message ? { message } : {}) });

/** Types a whole value at once (pasting), which keeps long passwords fast on slow machines. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

async function openPage(handlers: Parameters<typeof mockApi>[0] = {}) {
  const fetch = mockApi(handlers);
  const view = renderApp('/app/settings/account', { session: buildSession({ email_verified_at: '2026-01-01T00:00:00.000Z' }) });
  await screen.findByRole('heading', { level: 1, name: 'Account Settings' });
  return { ...view, fetch, user: userEvent.setup() };
}

beforeEach(() => confirm.mockClear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/app/settings/account', () => {
  it('shows every section', async () => {
    await openPage();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'E-mail address', 'Mobile number', 'Password', 'Devices', 'Your data', 'Delete account',
    ]);
    expect(screen.getByTestId('current-email')).toHaveTextContent('demo@linkup.app');
    expect(screen.getByTestId('current-email')).toHaveTextContent('Verified');
    expect(screen.getByTestId('current-mobile')).toHaveTextContent('+27820000001');
  });

  describe('mobile number status (issue 27)', () => {
    it('says a confirmed number is confirmed', async () => {
      mockApi({});
      renderApp('/app/settings/account', { session: buildSession({ phone_verified: true }) });
      expect(await screen.findByTestId('current-mobile')).toHaveTextContent('Confirmed');
      expect(screen.queryByRole('link', { name: 'Confirm this number' })).not.toBeInTheDocument();
    });

    it('offers to confirm a number still waiting for its code', async () => {
      mockApi({});
      renderApp('/app/settings/account', { session: buildSession({ phone_verified: false }) });
      expect(await screen.findByTestId('current-mobile')).toHaveTextContent('Not confirmed yet');
      expect(screen.getByRole('link', { name: 'Confirm this number' })).toHaveAttribute('href', '/onboarding/welcome');
    });
  });

  describe('e-mail', () => {
    it('changes the address, updates the session and says a link was sent', async () => {
      const updated = buildUser({ email: 'new@example.com', email_verified_at: null });
      const { fetch, user } = await openPage({
        'PUT /api/account/email': () => ok({ user: updated }, 'Your e-mail address has been changed. We sent a verification link to the new address.'),
      });
      const form = screen.getByRole('form', { name: 'Change e-mail address' });
      await fill(user, within(form).getByLabelText('New e-mail address'), 'New@Example.com');
      await fill(user, within(form).getByLabelText('Current password'), 'my-password-1');
      await user.click(within(form).getByRole('button', { name: 'Change e-mail' }));
      expect(await screen.findByText(/We sent a verification link to the new address/)).toBeInTheDocument();
      expect(sentBody(fetch, 'PUT /api/account/email')).toEqual({ email: 'new@example.com', current_password: 'my-password-1' });
      expect(useSessionStore.getState().user?.email).toBe('new@example.com');
      expect(screen.getByTestId('current-email')).toHaveTextContent('Not verified yet');
      expect(within(form).getByLabelText('New e-mail address')).toHaveValue('');
    });

    it('checks the form before sending and shows the server’s field errors', async () => {
      const { fetch, user } = await openPage({
        'PUT /api/account/email': () => validationError({ current_password: ['The password is incorrect.'] }),
      });
      const form = screen.getByRole('form', { name: 'Change e-mail address' });
      await user.click(within(form).getByRole('button', { name: 'Change e-mail' }));
      expect(within(form).getByText('Enter a valid e-mail address.')).toBeInTheDocument();
      expect(within(form).getByText('Enter your current password.')).toBeInTheDocument();
      expect(calledEndpoints(fetch)).not.toContain('PUT /api/account/email');

      await fill(user, within(form).getByLabelText('New e-mail address'), 'new@example.com');
      await fill(user, within(form).getByLabelText('Current password'), 'wrong');
      await user.click(within(form).getByRole('button', { name: 'Change e-mail' }));
      expect(await within(form).findByText('The password is incorrect.')).toBeInTheDocument();
      expect(within(form).getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    });
  });

  describe('mobile number', () => {
    it('sends a WhatsApp code to the new number, then confirms it', async () => {
      const soon = new Date(Date.now() + 60_000).toISOString();
      const { fetch, user } = await openPage({
        'POST /api/account/mobile/code': () => ok({ mobile: '+27831234567', expires_at: soon, resend_available_at: soon }, 'We sent a code to your new number on WhatsApp.'),
        'PUT /api/account/mobile': () => ok({ user: buildUser({ phone_number: '+27831234567' }) }, 'Your mobile number has been changed.'),
      });
      const first = screen.getByRole('form', { name: 'Change mobile number' });
      await fill(user, within(first).getByLabelText('New mobile number'), '083 123 4567');
      await fill(user, within(first).getByLabelText('Current password'), 'my-password-1');
      await user.click(screen.getByRole('button', { name: 'Send code' }));
      expect(await screen.findByText('We sent a code to your new number on WhatsApp.')).toBeInTheDocument();
      expect(sentBody(fetch, 'POST /api/account/mobile/code')).toEqual({ mobile: '083 123 4567', current_password: 'my-password-1' });

      const step = screen.getByRole('form', { name: 'Confirm new mobile number' });
      expect(step).toHaveTextContent('+27831234567');
      expect(within(step).getByRole('button', { name: /^Send a new code in \d+s$/ })).toBeDisabled();
      await fill(user, within(step).getByLabelText('Code'), '123456');
      await user.click(within(step).getByRole('button', { name: 'Confirm new number' }));
      expect(await screen.findByText('Your mobile number has been changed.')).toBeInTheDocument();
      expect(sentBody(fetch, 'PUT /api/account/mobile')).toEqual({ mobile: '+27831234567', otp: '123456' });
      expect(useSessionStore.getState().user?.phone_number).toBe('+27831234567');
      expect(screen.getByRole('form', { name: 'Change mobile number' })).toBeInTheDocument();
    });

    it('shows why a number is refused, and a wrong code under the code field', async () => {
      const soon = new Date(Date.now() - 1000).toISOString();
      let taken = true;
      const { user } = await openPage({
        'POST /api/account/mobile/code': () => (taken
          ? validationError({ mobile: ['The mobile number has already been taken.'] })
          : ok({ mobile: '+27831234567', expires_at: soon, resend_available_at: soon })),
        'PUT /api/account/mobile': () => validationError({ otp: ['Invalid OTP'] }, 'Invalid OTP'),
      });
      const first = screen.getByRole('form', { name: 'Change mobile number' });
      await user.click(within(first).getByRole('button', { name: 'Send code' }));
      expect(within(first).getByText('Enter your current password.')).toBeInTheDocument();
      await fill(user, within(first).getByLabelText('New mobile number'), '0831234567');
      await fill(user, within(first).getByLabelText('Current password'), 'my-password-1');
      await user.click(screen.getByRole('button', { name: 'Send code' }));
      expect(await screen.findByText('The mobile number has already been taken.')).toBeInTheDocument();

      taken = false;
      await user.click(screen.getByRole('button', { name: 'Send code' }));
      const step = await screen.findByRole('form', { name: 'Confirm new mobile number' });
      await fill(user, within(step).getByLabelText('Code'), '000000');
      await user.click(within(step).getByRole('button', { name: 'Confirm new number' }));
      expect(await within(step).findByText('Invalid OTP')).toBeInTheDocument();
      expect(within(step).getByRole('button', { name: 'Send a new code' })).toBeEnabled();
      await user.click(within(step).getByRole('button', { name: 'Use a different number' }));
      expect(screen.getByRole('form', { name: 'Change mobile number' })).toBeInTheDocument();
    });
  });

  describe('password', () => {
    it('changes the password and clears the form', async () => {
      const { fetch, user } = await openPage({
        'PUT /api/account/password': () => ok({ revoked: 2 }, 'Your password has been changed. Your other devices have been signed out.'),
      });
      const form = screen.getByRole('form', { name: 'Change password' });
      await fill(user, within(form).getByLabelText('Current password'), 'old-password-1');
      await fill(user, within(form).getByLabelText('New password'), 'brand-new-password-2');
      await fill(user, within(form).getByLabelText('Confirm new password'), 'brand-new-password-2');
      await user.click(within(form).getByRole('button', { name: 'Change password' }));
      expect(await screen.findByText('Your password has been changed. Your other devices have been signed out.')).toBeInTheDocument();
      expect(sentBody(fetch, 'PUT /api/account/password')).toEqual({
        current_password: 'old-password-1', password: 'brand-new-password-2', password_confirmation: 'brand-new-password-2',
      });
      expect(within(form).getByLabelText('New password')).toHaveValue('');
    });

    it('refuses mismatched passwords before sending and shows the server’s errors', async () => {
      const { fetch, user } = await openPage({
        'PUT /api/account/password': () => validationError({ current_password: ['The password is incorrect.'] }),
      });
      const form = screen.getByRole('form', { name: 'Change password' });
      await fill(user, within(form).getByLabelText('Current password'), 'old-password-1');
      await fill(user, within(form).getByLabelText('New password'), 'brand-new-password-2');
      await fill(user, within(form).getByLabelText('Confirm new password'), 'something-else-3');
      await user.click(within(form).getByRole('button', { name: 'Change password' }));
      expect(within(form).getByText('The passwords do not match.')).toBeInTheDocument();
      expect(calledEndpoints(fetch)).not.toContain('PUT /api/account/password');

      await user.clear(within(form).getByLabelText('Confirm new password'));
      await fill(user, within(form).getByLabelText('Confirm new password'), 'brand-new-password-2');
      await user.click(within(form).getByRole('button', { name: 'Change password' }));
      expect(await within(form).findByText('The password is incorrect.')).toBeInTheDocument();
    });
  });

  it('signs out the other devices after a confirmation', async () => {
    const { fetch, user } = await openPage({
      'POST /api/account/logout-others': () => ok({ revoked: 3 }, 'You have been signed out of all other devices.'),
    });
    await user.click(screen.getByRole('button', { name: 'Sign out of all other devices' }));
    expect(confirm).toHaveBeenCalledWith('Sign out of all other devices?', expect.stringContaining('You stay signed in here'), expect.objectContaining({ confirmLabel: 'Sign out' }));
    expect(await screen.findByText('You have been signed out of all other devices.')).toBeInTheDocument();
    expect(calledEndpoints(fetch)).toContain('POST /api/account/logout-others');

    confirm.mockResolvedValueOnce(false);
    await user.click(screen.getByRole('button', { name: 'Sign out of all other devices' }));
    expect(calledEndpoints(fetch).filter((e) => e === 'POST /api/account/logout-others')).toHaveLength(1);
  });

  it('downloads my data as a JSON file', async () => {
    const exported = {
      format: 'linkup-data-export', version: 1, generated_at: '2026-03-04T10:00:00.000Z',
      account: {
        id: 'usr_alex', name: 'Alex Demo', email: 'demo@linkup.app', email_verified_at: null, phone_number: '+27820000001', phone_verified_at: null,
        profile_completed: true, onboarding_completed_at: null, last_active_at: null, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z',
      },
      profile: {
        date_of_birth: null, gender: null, about: null, city: null, province: null, location_cell: null, marital_status: null, body_type: null,
        relationship_type: null, how_often_drink: null, love_language: null, height_cm: null, job_title: null, education: null,
      },
      photos: [], interests: [], preferences: null,
      settings: {
        privacy: { show_age: true, show_distance: true, show_online: true, message_policy: 'everyone', hide_from_discover: false },
        notifications: Object.fromEntries(['profile_view', 'like', 'super_like', 'match', 'message', 'message_request', 'post_like'].map((t) => [t, { push: true, in_app: true }])),
      },
      blocks: [], reports: [], profile_visits: [], swipes: [], matches: [], subscriptions: [], chat_rooms: [], support_messages: [],
      feed_post: null, feed_likes: [], notifications: [], sessions: [], auth_events: [],
    };
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:linkup-export';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    const { user } = await openPage({ 'GET /api/account/export': () => json(200, exported) });
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Your data has been downloaded.')).toBeInTheDocument();
    expect(clicks).toHaveLength(1);
    expect(clicks[0]!.download).toBe('linkup-data-2026-03-04.json');
    expect(clicks[0]!.href).toBe('blob:linkup-export');
    expect(JSON.parse(await created[0]!.text())).toMatchObject({ account: { email: 'demo@linkup.app' } });
  });

  describe('an account without a password (phone-first sign-up, issue 32)', () => {
    async function openPasswordless(handlers: Parameters<typeof mockApi>[0] = {}) {
      const fetch = mockApi(handlers);
      const view = renderApp('/app/settings/account', { session: buildSession({ has_password: false }) });
      await screen.findByRole('heading', { level: 1, name: 'Account Settings' });
      return { ...view, fetch, user: userEvent.setup() };
    }

    it('asks for no current password anywhere and sends none', async () => {
      const { fetch, user } = await openPasswordless({
        'PUT /api/account/email': () => ok({ user: buildUser({ email: 'new@example.com', has_password: false }) }, 'Your e-mail address has been changed.'),
        'POST /api/account/mobile/code': () => ok({ mobile: '+27831234567', expires_at: '2099-01-01T00:00:00.000Z', resend_available_at: '2099-01-01T00:00:00.000Z' }, 'We sent a code.'),
      });
      expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();

      const email = screen.getByRole('form', { name: 'Change e-mail address' });
      await fill(user, within(email).getByLabelText('New e-mail address'), 'new@example.com');
      await user.click(within(email).getByRole('button', { name: 'Change e-mail' }));
      await waitFor(() => expect(sentBody(fetch, 'PUT /api/account/email')).toEqual({ email: 'new@example.com' }));

      const mobile = screen.getByRole('form', { name: 'Change mobile number' });
      await fill(user, within(mobile).getByLabelText('New mobile number'), '083 123 4567');
      await user.click(within(mobile).getByRole('button', { name: 'Send code' }));
      await waitFor(() => expect(sentBody(fetch, 'POST /api/account/mobile/code')).toEqual({ mobile: '083 123 4567' }));
    });

    it('sets a first password with nothing to confirm', async () => {
      const { fetch, user } = await openPasswordless({
        'PUT /api/account/password': () => ok({ revoked: 0 }),
      });
      expect(screen.queryByRole('form', { name: 'Change password' })).not.toBeInTheDocument();
      const form = screen.getByRole('form', { name: 'Set a password' });
      expect(screen.getByText(/You sign in with WhatsApp codes/)).toBeInTheDocument();
      await fill(user, within(form).getByLabelText('New password'), 'brand-new-password-2');
      await fill(user, within(form).getByLabelText('Confirm new password'), 'brand-new-password-2');
      await user.click(within(form).getByRole('button', { name: 'Set password' }));
      expect(await screen.findByText('Your password has been set.')).toBeInTheDocument();
      expect(sentBody(fetch, 'PUT /api/account/password')).toEqual({ password: 'brand-new-password-2', password_confirmation: 'brand-new-password-2' });
      // From now on the account has one: the forms ask for it.
      expect(await screen.findByRole('form', { name: 'Change password' })).toBeInTheDocument();
      expect(useSessionStore.getState().user?.has_password).toBe(true);
    });

    it('deletes the account after the dialog without a password field', async () => {
      const { fetch, user, router } = await openPasswordless({
        'DELETE /api/account': () => ok(null, 'Your account and all your data have been deleted.'),
      });
      await user.click(screen.getByRole('button', { name: 'Delete my account' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
      expect(within(dialog).queryByLabelText('Your password')).not.toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
      expect(sentBody(fetch, 'DELETE /api/account')).toEqual({});
    });
  });

  describe('deleting the account', () => {
    it('asks for the password in a dialog that says what is deleted, then signs out to /auth/login', async () => {
      const { fetch, user, router } = await openPage({
        'DELETE /api/account': () => ok(null, 'Your account and all your data have been deleted.'),
      });
      await user.click(screen.getByRole('button', { name: 'Delete my account' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
      expect(dialog).toHaveTextContent('your conversations and messages');
      expect(dialog).toHaveTextContent('This cannot be undone.');

      await user.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
      expect(within(dialog).getByText('Enter your current password.')).toBeInTheDocument();
      expect(calledEndpoints(fetch)).not.toContain('DELETE /api/account');

      await fill(user, within(dialog).getByLabelText('Your password'), 'my-password-1');
      await user.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
      expect(await screen.findByText('Your account and all your data have been deleted.')).toBeInTheDocument();
      expect(sentBody(fetch, 'DELETE /api/account')).toEqual({ password: 'my-password-1' });
      expect(useSessionStore.getState().token).toBeNull();
      expect(window.localStorage.getItem('linkup.session')).toBeNull();
    });

    it('keeps the member signed in and shows a wrong password in the dialog', async () => {
      const { user, router } = await openPage({
        'DELETE /api/account': () => validationError({ password: ['The password is incorrect.'] }, 'The password is incorrect.'),
      });
      await user.click(screen.getByRole('button', { name: 'Delete my account' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
      await fill(user, within(dialog).getByLabelText('Your password'), 'wrong-password');
      await user.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
      expect(await within(dialog).findByText('The password is incorrect.')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/app/settings/account');
      expect(useSessionStore.getState().token).not.toBeNull();
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });
  });
});
