import { act, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { useOtpStore } from '@/features/auth/stores/otp-store';
import { PUSH_TOKEN_STORAGE_KEY } from '@/lib/push-token';
import { SESSION_STORAGE_KEY, useSessionStore } from '@/lib/session-store';
import { apiError, buildSession, calledEndpoints, json, mockApi, resetStores, sentBody } from '@/test/fixtures';
import { AppWrapper } from '@/test/render-app';

afterEach(() => vi.unstubAllGlobals());

const ok = () => json(200, { success: true, data: null });

function signedInWithPushToken(pushToken: string | null = 'fcm-device-1') {
  const session = buildSession();
  resetStores(session);
  window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  if (pushToken) window.localStorage.setItem(PUSH_TOKEN_STORAGE_KEY, pushToken);
}

async function logOut() {
  const { result } = renderHook(() => useLogout(), { wrapper: AppWrapper });
  await act(() => result.current());
}

describe('useLogout (spec §4, §7)', () => {
  it('removes the push token on the server first, then logs out, then clears session and push token', async () => {
    signedInWithPushToken();
    const fetch = mockApi({ 'DELETE /api/user/fcm-token': ok, 'POST /api/auth/logout': ok });
    await logOut();

    expect(calledEndpoints(fetch)).toEqual(['DELETE /api/user/fcm-token', 'POST /api/auth/logout']);
    expect(sentBody(fetch, 'DELETE /api/user/fcm-token')).toEqual({ fcm_token: 'fcm-device-1' });
    for (const [, init] of fetch.mock.calls) {
      expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok_test_123');
    }
    expect(useSessionStore.getState()).toMatchObject({ token: null, user: null, signOutReason: 'logout' });
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(window.localStorage.getItem(PUSH_TOKEN_STORAGE_KEY)).toBeNull();
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
  });

  it('carries on when removing the push token fails (e.g. 404 or offline)', async () => {
    signedInWithPushToken(null);
    let logoutCalled = false;
    const fetch = mockApi({
      'DELETE /api/user/fcm-token': () => Promise.reject(new TypeError('offline')),
      'POST /api/auth/logout': () => {
        logoutCalled = true;
        return ok();
      },
    });
    await logOut();
    expect(logoutCalled).toBe(true);
    expect(sentBody(fetch, 'DELETE /api/user/fcm-token')).toBeUndefined();
    expect(useSessionStore.getState().token).toBeNull();
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
  });

  it("signs out locally with 'Logout failed' when the logout call fails", async () => {
    signedInWithPushToken();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({ 'DELETE /api/user/fcm-token': ok, 'POST /api/auth/logout': () => apiError(500, 'boom') });
    await logOut();
    expect(useSessionStore.getState().token).toBeNull();
    expect(window.localStorage.getItem(PUSH_TOKEN_STORAGE_KEY)).toBeNull();
    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Logout request failed', expect.anything());
  });

  it('forgets a WhatsApp sign-in in progress', async () => {
    signedInWithPushToken();
    useOtpStore.getState().codeSent('+27841234567', { expires_at: '2030-01-01T10:05:00Z', resend_available_at: '2030-01-01T10:01:00Z' });
    mockApi({ 'DELETE /api/user/fcm-token': ok, 'POST /api/auth/logout': ok });
    await logOut();
    expect(useOtpStore.getState().mobile).toBeNull();
  });
});
