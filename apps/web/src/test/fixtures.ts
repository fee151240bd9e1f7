import { errorCodeForStatus, type ErrorCode, type PushDevice, type Session, type SessionUser } from '@linkup/contract';
import { vi } from 'vitest';
import { checkMockedResponse } from '@/test/contract-check';
import { useOtpStore } from '@/features/auth/stores/otp-store';
import { useRestrictionStore } from '@/lib/restriction-store';
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

/** A registered push device, as POST /user/fcm-token answers. */
export function buildDevice(overrides: Partial<PushDevice> = {}): PushDevice {
  return {
    id: 'dev_1', device_type: 'android', device_name: 'LinkUp for Android',
    created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z', ...overrides,
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
  useRestrictionStore.getState().clear();
  useOtpStore.getState().clear();
  window.sessionStorage.clear();
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

/**
 * Replaces fetch for one test; returns the mock to inspect calls. Every answer to an /api call is
 * checked against the contract (test/contract-check.ts): a mock that says something the API would
 * not fails the test.
 */
export function mockFetch(handler: FetchHandler) {
  return stubFetch(handler, true);
}

/**
 * fetch replaced WITHOUT the contract check: only for tests of the HTTP client itself
 * (lib/api-client), which must cope with any answer on any path. Everything else: mockFetch/mockApi.
 */
export function mockFetchUnchecked(handler: FetchHandler) {
  return stubFetch(handler, false);
}

function stubFetch(handler: FetchHandler, checked: boolean) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const response = await handler(url, init ?? {});
    if (checked) await checkMockedResponse(init?.method ?? 'GET', url, response);
    return response;
  });
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
    return handler ? handler(url, init) : apiError(404, 'Resource not found.');
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

/** The API error object (spec §3) with `status`, as the server sends it. */
/** The API error object as the server sends it: the status's catalogue code unless one is given. */
export const apiError = (status: number, message: string, errors?: Record<string, string[]>, code: ErrorCode = errorCodeForStatus(status)) =>
  json(status, { success: false, status, code, message, ...(errors ? { errors } : {}), timestamp: new Date().toISOString() });

export const validationError = (errors: Record<string, string[]>, message = 'Validation failed. Please check your input.') =>
  apiError(422, message, errors);

/** `GET /feed/notifications/unread-count`: `all` unread (the bell), of them `feed` and `matches` behind their tabs. */
export const unreadCounts = (all = 0, tabs: { feed?: number; matches?: number } = {}) => ({
  unread_count: all, tabs: { feed: 0, matches: 0, ...tabs },
});

export { offContractResponse } from '@/test/contract-check';
