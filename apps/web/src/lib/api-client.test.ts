import { NETWORK_ERROR_MESSAGE, STATUS_MESSAGES, UNEXPECTED_ERROR_MESSAGE } from '@linkup/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiClientError, apiErrorFrom, apiRequest, buildQuery, callErrorMessage, serverMessageOr } from '@/lib/api-client';
import { useRestrictionStore } from '@/lib/restriction-store';
import { useSessionStore } from '@/lib/session-store';
import { apiError, buildSession, json, mockFetchUnchecked, resetStores } from '@/test/fixtures';
import { stubUploads } from '@/test/fake-xhr';

// The client is tested on any path with any answer (it must cope with all): no contract check here.

async function failure(promise: Promise<unknown>): Promise<ApiClientError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiClientError);
  return error as ApiClientError;
}

beforeEach(() => resetStores());
afterEach(() => vi.unstubAllGlobals());

describe('requests', () => {
  it('calls /api with Accept JSON and no Authorization while signed out', async () => {
    const fetch = mockFetchUnchecked(() => json(200, { success: true, data: { ok: 1 } }));
    const result = await api.get<{ ok: number }>('/health');

    expect(result).toEqual({ success: true, data: { ok: 1 } });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/health');
    expect(init?.method).toBe('GET');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Accept).toBe('application/json');
    expect(headers.Authorization).toBeUndefined();
  });

  it('sends the bearer token when signed in', async () => {
    resetStores(buildSession({}, 'secret-token'));
    const fetch = mockFetchUnchecked(() => json(200, { success: true, data: null }));
    await api.get('/auth/user');
    expect((fetch.mock.calls[0]![1]?.headers as Record<string, string>).Authorization).toBe('Bearer secret-token');
  });

  it('drops null, undefined and empty-string query values', async () => {
    const fetch = mockFetchUnchecked(() => json(200, { success: true, data: [] }));
    await api.get('/feed', { page: 2, gender: '', city: null, province: undefined, ageMin: 0, verified: false });
    expect(fetch.mock.calls[0]![0]).toBe('/api/feed?page=2&ageMin=0&verified=false');
    expect(buildQuery({ a: null, b: '' })).toBe('');
    expect(buildQuery({ tag: ['x', '', 'y'] })).toBe('?tag=x&tag=y');
  });

  it('sends plain bodies as JSON', async () => {
    const fetch = mockFetchUnchecked(() => json(200, { success: true, data: null }));
    await api.post('/auth/login', { email: 'a@b.co', password: 'pw' });
    const init = fetch.mock.calls[0]![1]!;
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ email: 'a@b.co', password: 'pw' }));
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('sends FormData as-is, letting the browser set the multipart boundary', async () => {
    const fetch = mockFetchUnchecked(() => json(200, { success: true, data: null }));
    const form = new FormData();
    form.append('image_1', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await api.post('/feed/my-post', form);
    const init = fetch.mock.calls[0]![1]!;
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('returns the envelope including the server message', async () => {
    mockFetchUnchecked(() => json(200, { success: true, data: { id: 'r1' }, message: 'Chat started successfully' }));
    await expect(apiRequest('/chat/rooms', { method: 'POST', body: {} })).resolves.toEqual({
      success: true,
      data: { id: 'r1' },
      message: 'Chat started successfully',
    });
  });
});

describe('errors', () => {
  it('400 uses the server message when there is one', async () => {
    mockFetchUnchecked(() => apiError(400, 'Set your preferences first'));
    const error = await failure(api.get('/feed'));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Set your preferences first');
  });

  it('400 without a server message uses the catalogue', async () => {
    mockFetchUnchecked(() => json(400, {}));
    expect((await failure(api.get('/feed'))).message).toBe(STATUS_MESSAGES[400]);
  });

  it('401 always reads the catalogue text, keeping the server wording on the side', async () => {
    mockFetchUnchecked(() => apiError(401, 'These credentials do not match our records.'));
    const error = await failure(api.post('/auth/login', { email: 'a@b.co', password: 'x' }));
    expect(error.status).toBe(401);
    expect(error.message).toBe(STATUS_MESSAGES[401]);
    expect(error.serverMessage).toBe('These credentials do not match our records.');
  });

  it('422 keeps the field errors', async () => {
    const errors = { email: ['Enter a valid e-mail address.'] };
    mockFetchUnchecked(() => apiError(422, 'Validation failed', errors));
    const error = await failure(api.post('/auth/login', {}));
    expect(error.status).toBe(422);
    expect(error.message).toBe('Validation failed');
    expect(error.errors).toEqual(errors);
    expect(error.data).toMatchObject({ status: 422 });
  });

  it.each([
    [404, undefined, STATUS_MESSAGES[404]],
    [429, 'slow down', STATUS_MESSAGES[429]],
    [500, 'stack trace', STATUS_MESSAGES[500]],
    [503, undefined, STATUS_MESSAGES[503]],
    [418, undefined, UNEXPECTED_ERROR_MESSAGE],
    [409, 'Already exists', 'Already exists'],
  ])('status %i (server message %s) → %s', async (status, message, expected) => {
    mockFetchUnchecked(() => json(status, message ? { message } : {}));
    const error = await failure(api.get('/x'));
    expect(error.status).toBe(status);
    expect(error.message).toBe(expected);
  });

  it('a non-JSON error body still maps by status', async () => {
    mockFetchUnchecked(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await failure(api.get('/x'));
    expect(error.status).toBe(502);
    expect(error.message).toBe(UNEXPECTED_ERROR_MESSAGE);
  });

  it('a network failure is status 0 with the network message', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const error = await failure(api.get('/x'));
    expect(error.status).toBe(0);
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('an aborted request is rethrown as the abort, not as a network error', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new DOMException('Aborted', 'AbortError'))));
    await expect(api.get('/x')).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('uploads with progress (onUploadProgress: XMLHttpRequest)', () => {
  it('sends the form with the token, reports progress and answers the envelope', async () => {
    resetStores(buildSession({}, 'secret-token'));
    const { requests } = stubUploads(() => ({ status: 201, body: { success: true, data: { id: 'pho_1' }, message: 'Added.' } }));
    const form = new FormData();
    const progress: number[] = [];
    const result = await api.post('/profile/photos', form, { onUploadProgress: (p) => progress.push(p) });
    expect(result).toEqual({ success: true, data: { id: 'pho_1' }, message: 'Added.' });
    expect(progress).toEqual([25, 100]);
    expect(requests).toEqual([{ method: 'POST', url: '/api/profile/photos', headers: { Accept: 'application/json', Authorization: 'Bearer secret-token' }, body: form }]);
  });

  it('fails as any call does: field errors, the session ended by a 401, a network failure, an abort', async () => {
    stubUploads(() => ({ status: 422, body: { message: 'Validation failed.', errors: { photo: ['Not an image.'] } } }));
    expect((await failure(api.post('/profile/photos', new FormData(), { onUploadProgress: () => {} }))).errors).toEqual({ photo: ['Not an image.'] });

    resetStores(buildSession());
    stubUploads(() => ({ status: 401, body: { message: 'no' } }));
    await failure(api.post('/profile/photos', new FormData(), { onUploadProgress: () => {} }));
    expect(useSessionStore.getState().signOutReason).toBe('expired');

    stubUploads(() => 'network');
    expect((await failure(api.post('/profile/photos', new FormData(), { onUploadProgress: () => {} }))).message).toBe(NETWORK_ERROR_MESSAGE);

    stubUploads(() => 'pending');
    const controller = new AbortController();
    const upload = api.post('/profile/photos', new FormData(), { onUploadProgress: () => {}, signal: controller.signal });
    controller.abort();
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('automatic logout', () => {
  it.each([401, 403])('a %i while signed in clears the session', async (status) => {
    resetStores(buildSession());
    mockFetchUnchecked(() => json(status, { message: 'no' }));
    await failure(api.get('/matches'));
    const state = useSessionStore.getState();
    expect(state.token).toBeNull();
    expect(state.user).toBeNull();
    expect(state.signOutReason).toBe('expired');
    expect(window.localStorage.getItem('linkup.session')).toBeNull();
  });

  it.each([400, 404, 422, 500])('a %i while signed in keeps the session', async (status) => {
    const session = buildSession();
    resetStores(session);
    mockFetchUnchecked(() => json(status, {}));
    await failure(api.get('/matches'));
    expect(useSessionStore.getState().token).toBe(session.token);
  });

  it('a 401 while signed out (wrong password) changes nothing', async () => {
    mockFetchUnchecked(() => json(401, { message: 'These credentials do not match our records.' }));
    await failure(api.post('/auth/login', { email: 'a@b.co', password: 'x' }));
    expect(useSessionStore.getState().signOutReason).toBeNull();
  });});

describe('moderation answers that keep the session (issue 30)', () => {
  it('423 account_suspended keeps the session and marks it restricted, with details.until', async () => {
    const session = buildSession();
    resetStores(session);
    mockFetchUnchecked(() => json(423, { code: 'account_suspended', message: 'Restricted.', details: { until: '2026-12-05T10:00:00.000Z' } }));
    await failure(api.get('/matches'));
    expect(useSessionStore.getState().token).toBe(session.token);
    expect(useRestrictionStore.getState()).toMatchObject({ token: session.token, until: '2026-12-05T10:00:00.000Z' });
  });

  it('403 same_moderator keeps the session', async () => {
    const session = buildSession({ roles: ['moderator'] });
    resetStores(session);
    mockFetchUnchecked(() => json(403, { code: 'same_moderator', message: 'Another moderator must decide this appeal.' }));
    await failure(api.post('/moderation/appeals/a1/decision', {}));
    expect(useSessionStore.getState().token).toBe(session.token);
  });

  it('a new session is not restricted', () => {
    resetStores(buildSession());
    useRestrictionStore.getState().restrict('tok_test_123', null);
    useSessionStore.getState().signIn(buildSession({}, 'tok_other'));
    expect(useRestrictionStore.getState().token).toBeNull();
  });
});

describe('an unconfirmed number (409 mobile_unverified, issue 27)', () => {
  it('marks the session user unconfirmed, so the guard leads to the confirm step; the session stays', async () => {
    const session = buildSession({ phone_verified: true });
    resetStores(session);
    mockFetchUnchecked(() => apiError(409, 'Confirm your mobile number first.', undefined, 'mobile_unverified'));
    const error = await failure(api.post('/matches/usr_x/like'));
    expect(error.code).toBe('mobile_unverified');
    expect(useSessionStore.getState()).toMatchObject({ token: session.token, user: { id: session.user.id, phone_verified: false } });
  });

  it('another 409 leaves the user as it is', async () => {
    resetStores(buildSession({ phone_verified: true }));
    mockFetchUnchecked(() => apiError(409, 'Finish onboarding first.', undefined, 'onboarding_required'));
    await failure(api.post('/matches/usr_x/like'));
    expect(useSessionStore.getState().user?.phone_verified).toBe(true);
  });
});

describe("serverMessageOr (spec §8 'server message, else …')", () => {
  const body = (message: string) => ({ success: false, message });

  it("shows the server's message on 400, 403, 404, 422 and the other statuses", () => {
    for (const status of [400, 402, 403, 404, 409, 422]) {
      expect(serverMessageOr(apiErrorFrom(status, body('Thandi only accepts messages from matches.')), 'Failed to create chat room')).toBe(
        'Thandi only accepts messages from matches.',
      );
    }
  });

  it("shows the screen's text word for word without a server message, or where the catalogue's is fixed", () => {
    expect(serverMessageOr(apiErrorFrom(404, { success: false }), 'Failed to fetch chat room')).toBe('Failed to fetch chat room');
    expect(serverMessageOr(apiErrorFrom(404, body('  ')), 'Failed to fetch chat room')).toBe('Failed to fetch chat room');
    for (const status of [401, 429, 500, 503]) expect(serverMessageOr(apiErrorFrom(status, body('stack trace')), 'Failed to send message')).toBe('Failed to send message');
    expect(serverMessageOr(new ApiClientError({ status: 0, message: NETWORK_ERROR_MESSAGE }), 'Failed to send message')).toBe('Failed to send message');
    expect(serverMessageOr(new Error('boom'), 'Failed to send message')).toBe('Failed to send message');
  });
});

describe('callErrorMessage (screens the spec names no failure text for)', () => {
  it("shows the server's words where allowed, else the status's message word for word", () => {
    expect(callErrorMessage(apiErrorFrom(422, { success: false, message: 'The e-mail is taken.' }), 'Could not save.')).toBe('The e-mail is taken.');
    expect(callErrorMessage(apiErrorFrom(500, { success: false, message: 'stack trace' }), 'Could not save.')).toBe(STATUS_MESSAGES[500]);
    expect(callErrorMessage(apiErrorFrom(429, { success: false, code: 'rate_limited', message: 'slow down' }), 'Could not save.')).toBe(STATUS_MESSAGES[429]);
    expect(callErrorMessage(new Error('boom'), 'Could not save.')).toBe('Could not save.');
  });

  it('shows what a 429 with its own code says is used up (a boost, an OTP cooldown)', () => {
    const boost = apiErrorFrom(429, { success: false, code: 'boost_used', message: 'You can boost again on Monday.' });
    expect(callErrorMessage(boost, 'Your profile could not be boosted.')).toBe('You can boost again on Monday.');
    expect(serverMessageOr(boost, 'Your profile could not be boosted.')).toBe('You can boost again on Monday.');
  });
});
