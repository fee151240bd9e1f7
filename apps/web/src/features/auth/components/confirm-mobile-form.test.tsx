import { AUTH_MESSAGES, ONBOARDING_STEPS, ONBOARDING_STEP_KEYS, type OnboardingStatus } from '@linkup/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { apiError, buildSession, buildUser, calledEndpoints, json, mockApi, sentBody, validationError } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

afterEach(() => vi.unstubAllGlobals());

const ok = (data: unknown, message?: string) => json(200, { success: true, data, ...(message ? { message } : {}) });
const MOBILE = '+27841234567';
/** Just registered: the number waits for its code, onboarding not started. */
const NEW_MEMBER = { id: 'usr_new', name: 'Naledi Test', phone_number: MOBILE, phone_verified: false, profile_completed: false, onboarding_completed_at: null };
const STATUS: OnboardingStatus = {
  steps: ONBOARDING_STEP_KEYS.map((key) => ({ key, ...ONBOARDING_STEPS[key], done: false })),
  next_step: 'photos', can_complete: false, completed: false, completed_at: null,
};

async function open(path = '/onboarding/welcome', session = buildSession(NEW_MEMBER)) {
  const view = renderApp(path, { session });
  await screen.findByRole('heading', { level: 2, name: 'Confirm your number' });
  return { ...view, user: userEvent.setup(), form: screen.getByRole('form', { name: 'Confirm your number' }) };
}

describe('confirming the number after registration (/onboarding/welcome)', () => {
  it('shows where the code went; a wrong code is said at the field; the right one confirms the number and opens the first step', async () => {
    let tries = 0;
    const fetch = mockApi({
      'POST /api/account/mobile/confirm': () => (++tries === 1
        ? validationError({ otp: [AUTH_MESSAGES.invalidOtp] }, AUTH_MESSAGES.invalidOtp)
        : ok({ user: buildUser({ ...NEW_MEMBER, phone_verified: true }) }, AUTH_MESSAGES.mobileConfirmed)),
      'GET /api/onboarding/status': () => ok(STATUS),
      'GET /api/profile/photos': () => ok({ photos: [], max_photos: 6, max_bytes: 10 * 1024 * 1024 }),
    });
    const { user, form } = await open();
    expect(screen.getByTestId('confirm-mobile-number')).toHaveTextContent(MOBILE);
    // The profile steps wait: nothing about onboarding is asked for yet.
    expect(calledEndpoints(fetch)).not.toContain('GET /api/onboarding/status');

    const code = within(form).getByLabelText('Verification code');
    await user.click(within(form).getByRole('button', { name: 'Confirm number' }));
    expect(await within(form).findByText('Enter the 6-digit code.')).toBeInTheDocument();
    expect(calledEndpoints(fetch)).not.toContain('POST /api/account/mobile/confirm');

    await user.type(code, '000000');
    await user.click(within(form).getByRole('button', { name: 'Confirm number' }));
    expect(await within(form).findByText(AUTH_MESSAGES.invalidOtp)).toBeInTheDocument();
    expect(code).toHaveValue('');
    expect(useSessionStore.getState().user?.phone_verified).toBe(false);

    await user.type(code, '123456');
    await user.click(within(form).getByRole('button', { name: 'Confirm number' }));
    expect(await screen.findByRole('heading', { level: 2, name: ONBOARDING_STEPS.photos.label })).toBeInTheDocument();
    expect(sentBody(fetch, 'POST /api/account/mobile/confirm', 1)).toEqual({ otp: '123456' });
    expect(useSessionStore.getState().user?.phone_verified).toBe(true);
  });

  it('resends the code and waits out the cool-down before the next one', async () => {
    const fetch = mockApi({
      'POST /api/account/mobile/confirm/code': () => ok({
        mobile: MOBILE, expires_at: new Date(Date.now() + 300_000).toISOString(), resend_available_at: new Date(Date.now() + 60_000).toISOString(),
      }, 'OTP resent to your WhatsApp!'),
    });
    const { user, form } = await open();
    await user.click(within(form).getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('OTP resent to your WhatsApp!')).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Resend code' })).toBeDisabled());
    expect(within(form).getByText(/^in \d:\d\d$/)).toBeInTheDocument();
    expect(calledEndpoints(fetch).filter((e) => e === 'POST /api/account/mobile/confirm/code')).toHaveLength(1);
  });

  it('says so when the cool-down is still running', async () => {
    mockApi({ 'POST /api/account/mobile/confirm/code': () => apiError(429, AUTH_MESSAGES.otpCooldown, undefined, 'otp_cooldown') });
    const { user, form } = await open();
    await user.click(within(form).getByRole('button', { name: 'Resend code' }));
    expect(await within(form).findByText(AUTH_MESSAGES.otpCooldown)).toBeInTheDocument();
  });

  it('leads an unconfirmed member from any app page to the confirm step, even after onboarding', async () => {
    mockApi({});
    await open('/app/discover', buildSession({ ...NEW_MEMBER, profile_completed: true, onboarding_completed_at: '2026-01-01T00:00:00.000Z' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to LinkUp' })).toBeInTheDocument();
  });

  it('points to Account Settings when another account confirmed the number first', async () => {
    mockApi({});
    await open('/onboarding/welcome', buildSession({ ...NEW_MEMBER, phone_number: null }));
    expect(screen.getByText(AUTH_MESSAGES.mobileClaimedElsewhere)).toBeInTheDocument();
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wrong number? Change it in Account Settings' })).toHaveAttribute('href', '/app/settings/account');
  });
});
