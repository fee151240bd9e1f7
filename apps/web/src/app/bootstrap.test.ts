import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkStoredSession } from '@/app/bootstrap';
import { useSessionStore } from '@/lib/session-store';
import { STATUS_MESSAGES } from '@linkup/contract';
import { apiError, buildSession, json, mockFetch, resetStores } from '@/test/fixtures';

afterEach(() => vi.unstubAllGlobals());

describe('start-up token check (spec §4)', () => {
  beforeEach(() => resetStores(buildSession()));

  it('refreshes the stored user from GET /api/auth/user', async () => {
    const fresh = buildSession({ name: 'Alex Updated' }).user;
    const fetch = mockFetch(() => json(200, { success: true, data: { user: fresh } }));
    await checkStoredSession();
    expect(fetch.mock.calls[0]![0]).toBe('/api/auth/user');
    expect(useSessionStore.getState().user?.name).toBe('Alex Updated');
    expect(JSON.parse(window.localStorage.getItem('linkup.session')!).user.name).toBe('Alex Updated');
  });

  it('clears the session on a 401', async () => {
    mockFetch(() => apiError(401, STATUS_MESSAGES[401]));
    await checkStoredSession();
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('only logs other failures and keeps the session', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch(() => apiError(500, STATUS_MESSAGES[500]));
    await checkStoredSession();
    expect(useSessionStore.getState().token).toBe('tok_test_123');
    expect(warn).toHaveBeenCalled();

    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('offline'))));
    await checkStoredSession();
    expect(useSessionStore.getState().token).toBe('tok_test_123');
  });

  it('does nothing without a stored token', async () => {
    resetStores(null);
    const fetch = mockFetch(() => json(200, {}));
    await checkStoredSession();
    expect(fetch).not.toHaveBeenCalled();
  });
});
