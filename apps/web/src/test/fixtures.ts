import type { Session, SessionUser } from '@linkup/contract';
import { vi } from 'vitest';
import { useOtpStore } from '@/features/auth/stores/otp-store';
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
  useOtpStore.getState().clear();
  window.sessionStorage.clear();
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

/**
 * Replaces fetch with one handler per endpoint, keyed 'METHOD /api/path' (query ignored); any other
 * call answers 404. Returns the mock; `calls(mock)` lists the endpoints called, in order.
 */
export function mockApi(handlers: Record<string, FetchHandler>) {
  return mockFetch((url, init) => {
    const key = `${init.method ?? 'GET'} ${url.split('?')[0]}`;
    const handler = handlers[key];
    return handler ? handler(url, init) : json(404, { success: false, status: 404, message: 'Resource not found.' });
  });
}

export const calledEndpoints = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url).split('?')[0]}`);

/** The JSON body of the n-th call to `endpoint` ('METHOD /api/path'). */
export function sentBody(fetch: ReturnType<typeof mockFetch>, endpoint: string, n = 0): unknown {
  const matching = fetch.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url).split('?')[0]}` === endpoint);
  const body = matching[n]?.[1]?.body;
  return body === undefined ? undefined : (JSON.parse(String(body)) as unknown);
}

export const validationError = (errors: Record<string, string[]>, message = 'Validation failed. Please check your input.') =>
  json(422, { success: false, status: 422, message, errors, timestamp: new Date().toISOString() });
