import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY } from '@/lib/session-store';
import { buildSession, buildUser } from '@/test/fixtures';

/** A fresh copy of the store module, which reads localStorage when first loaded. */
async function loadStore() {
  vi.resetModules();
  return (await import('@/lib/session-store')).useSessionStore;
}

afterEach(() => window.localStorage.clear());

describe('session store', () => {
  it('loads a valid stored session', async () => {
    const session = buildSession();
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    const store = await loadStore();
    expect(store.getState().token).toBe(session.token);
    expect(store.getState().user).toEqual(session.user);
  });

  it.each([
    ['not JSON', '{oops'],
    ['no token', JSON.stringify({ user: buildUser() })],
    ['empty token', JSON.stringify({ token: '', user: buildUser() })],
    ['user without name', JSON.stringify({ token: 't', user: { id: 'u1' } })],
  ])('drops an invalid stored session (%s)', async (_label, raw) => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, raw);
    const store = await loadStore();
    expect(store.getState().token).toBeNull();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('stores { token, user } as plain JSON on sign-in and removes it on sign-out', async () => {
    const store = await loadStore();
    const session = buildSession();
    store.getState().signIn(session, '/app/more');
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY)!)).toEqual(session);
    expect(store.getState().landingPath).toBe('/app/more');

    store.getState().updateUser({ ...session.user, name: 'Alex Renamed' });
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY)!).user.name).toBe('Alex Renamed');

    store.getState().signOut('logout');
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(store.getState()).toMatchObject({ token: null, user: null, signOutReason: 'logout', landingPath: null });
  });

  it('follows a sign-out made in another tab', async () => {
    const session = buildSession();
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    const store = await loadStore();
    window.localStorage.removeItem(SESSION_STORAGE_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY }));
    expect(store.getState().token).toBeNull();
  });
});
