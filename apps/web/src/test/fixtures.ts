import type { Session, SessionUser } from '@linkup/contract';
import { vi } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { useUnreadStore } from '@/lib/unread-store';

export function buildUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 'usr_alex',
    name: 'Alex Demo',
    phone_number: '+27820000001',
    email: 'demo@linkup.app',
    profile_completed: true,
    onboarding_completed_at: '2025-01-01T10:00:00.000Z',
    ...overrides,
  };
}

export function buildSession(overrides: Partial<SessionUser> = {}, token = 'tok_test_123'): Session {
  return { token, user: buildUser(overrides) };
}

/** Puts the stores in a known state: signed in with `session`, or signed out. */
export function resetStores(session: Session | null = null) {
  useSessionStore.setState({
    token: session?.token ?? null,
    user: session?.user ?? null,
    signOutReason: null,
    landingPath: null,
  });
  useUnreadStore.getState().reset();
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Replaces fetch for one test; returns the mock to inspect calls. */
export function mockFetch(handler: FetchHandler) {
  const fn = vi.fn((input: RequestInfo | URL, init?: RequestInit) => Promise.resolve(handler(String(input), init ?? {})));
  vi.stubGlobal('fetch', fn);
  return fn;
}
