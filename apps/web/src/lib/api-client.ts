/**
 * The one configured HTTP client (spec §7, §8). Every call goes to `{apiUrl}{path}` with
 * `Accept: application/json` and, when signed in, `Authorization: Bearer <token>`. Success bodies
 * are the server's `{ success, data, message? }` envelope; failures throw ApiClientError with the
 * catalogue's message for the status. A 401 or 403 while signed in ends the session.
 */
import {
  NETWORK_ERROR_MESSAGE,
  NETWORK_ERROR_STATUS,
  errorCodeForStatus,
  errorDetailsFrom,
  isErrorCode,
  messageForStatus,
  statusShowsServerMessage,
  type Envelope,
  type ErrorCode,
  type ErrorDetails,
  type FieldErrors,
} from '@linkup/contract';
import { env } from '@/config/env';
import { schemas } from '@/lib/schemas';
import { useRestrictionStore } from '@/lib/restriction-store';
import { useSessionStore } from '@/lib/session-store';

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  params?: QueryParams;
  /** A plain value is sent as JSON; FormData (uploads) is sent as-is. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * 0–100 while the body is sent (uploads). The request then goes by XMLHttpRequest, which alone
   * reports upload progress; its answer is handled as any other.
   */
  onUploadProgress?: (percent: number) => void;
}

export class ApiClientError extends Error {
  override readonly name = 'ApiClientError';
  readonly status: number;
  /**
   * The server's stable error code (the contract's ERROR_CODE_STATUS); what the app branches on,
   * never the English message. A network failure or a body without a code has the status's code.
   */
  readonly code: ErrorCode;
  /** What the error adds for the app to act on, e.g. `resets_at` of a daily limit. */
  readonly details: ErrorDetails;
  readonly errors?: FieldErrors;
  /** The parsed error body, when the server sent one. */
  readonly data?: unknown;

  constructor(init: { status: number; message: string; code?: ErrorCode; details?: ErrorDetails; errors?: FieldErrors; data?: unknown }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code ?? errorCodeForStatus(init.status);
    this.details = init.details ?? {};
    if (init.errors) this.errors = init.errors;
    if (init.data !== undefined) this.data = init.data;
  }

  /** The server's own wording, which the catalogue replaces for some statuses (e.g. 401). */
  get serverMessage(): string | undefined {
    const message = isRecord(this.data) ? this.data.message : undefined;
    return typeof message === 'string' && message.trim() ? message : undefined;
  }
}

export const isApiClientError = (error: unknown): error is ApiClientError => error instanceof ApiClientError;

/**
 * The server's words a member is shown: where spec §8 says "server message, else …" (not for 401,
 * 429, 500, 503 or a network failure) — and a 429 with a code of its own (`boost_used`,
 * `otp_cooldown`…), which says what is used up and until when; the generic `rate_limited` keeps
 * the catalogue's 'Too many requests.' (docs/decisions.md).
 */
function shownServerMessage(error: unknown): string | undefined {
  if (!isApiClientError(error)) return undefined;
  const shown = statusShowsServerMessage(error.status) || (error.status === 429 && error.code !== 'rate_limited');
  return shown ? error.serverMessage : undefined;
}

/**
 * Spec §8 "server message, else …" on a screen whose failure text the spec names: the server's own
 * words (see shownServerMessage), else that text word for word (e.g. 'Failed to send message').
 */
export const serverMessageOr = (error: unknown, fallback: string): string => shownServerMessage(error) ?? fallback;

/**
 * A failed call on a screen for which the spec names no text: the server's own words (see
 * shownServerMessage), else spec §8's message for its status word for word; `fallback` for a
 * failure that is not a call's.
 */
export const callErrorMessage = (error: unknown, fallback: string): string =>
  shownServerMessage(error) ?? (isApiClientError(error) ? error.message : fallback);

/** The error a call answered with `status` and an error body (over HTTP, or a socket command's ack). */
export function apiErrorFrom(status: number, body: unknown): ApiClientError {
  const record = isRecord(body) ? body : undefined;
  const serverMessage = typeof record?.message === 'string' ? record.message : undefined;
  // Read without zod, which the first pages do not load (the contract test checks these match the schemas).
  const code = record?.code;
  const details = errorDetailsFrom(record?.details);
  return new ApiClientError({
    status,
    message: messageForStatus(status, serverMessage),
    ...(isErrorCode(code) ? { code } : {}),
    ...(details ? { details } : {}),
    errors: isRecord(record?.errors) ? (record.errors as FieldErrors) : undefined,
    data: body,
  });
}

/** Query string without null, undefined or empty values (spec §5); arrays repeat the key. */
export function buildQuery(params: QueryParams | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values as QueryValue[]) {
      if (v === null || v === undefined || v === '') continue;
      search.append(key, String(v));
    }
  }
  const query = search.toString();
  return query ? `?${query}` : '';
}

export function apiUrl(path: string, params?: QueryParams): string {
  return `${env.apiUrl}${path.startsWith('/') ? path : `/${path}`}${buildQuery(params)}`;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const { method = 'GET', params, body, signal, onUploadProgress } = options;
  // The answer is parsed with a contract schema: their chunk loads while the request travels — in
  // the next task, so that building zod's schemas (tens of milliseconds on a phone) does not hold
  // back this request, which the browser sends only once the current task ends (issue #18).
  setTimeout(() => void schemas().catch(() => undefined), 0);
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = useSessionStore.getState().token;
  if (token) headers.Authorization = `Bearer ${token}`;

  let payload: FormData | string | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: { status: number; parsed: unknown };
  try {
    response = onUploadProgress
      ? await sendWithProgress(apiUrl(path, params), { method, headers, body: payload, signal }, onUploadProgress)
      : await fetch(apiUrl(path, params), { method, headers, body: payload, signal }).then(async (r) => ({ status: r.status, parsed: await readBody(r) }));
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiClientError({ status: NETWORK_ERROR_STATUS, message: NETWORK_ERROR_MESSAGE });
  }

  const { status, parsed } = response;
  if (status < 200 || status > 299) {
    const current = token !== undefined && useSessionStore.getState().token === token;
    // A restricted session (issue 30) is not a sign-out: the app shows only the standing page.
    if (isRecord(parsed) && parsed.code === 'account_suspended') {
      if (token && current) useRestrictionStore.getState().restrict(token, restrictedUntil(parsed));
      throw apiErrorFrom(status, parsed);
    }
    // A 403 that refuses one act of a session that stays valid is no sign-out (issue 30: an appeal
    // is for another moderator than the one who decided).
    const keepsSession = isRecord(parsed) && parsed.code === 'same_moderator';
    if ((status === 401 || status === 403) && !keepsSession && token && current) {
      useSessionStore.getState().signOut('expired');
    }
    const error = apiErrorFrom(status, parsed);
    // The number is not confirmed (issue 27): the session says so, and the guard leads to its confirm step.
    const user = useSessionStore.getState().user;
    if (error.code === 'mobile_unverified' && user && token && useSessionStore.getState().token === token) {
      useSessionStore.getState().updateUser({ ...user, phone_verified: false });
    }
    throw error;
  }

  if (isRecord(parsed) && 'success' in parsed) return parsed as unknown as Envelope<T>;
  // A body that is not the envelope (e.g. 204 No Content) still answers the call.
  return { success: true, data: (parsed ?? null) as T };
}

export const api = {
  get: <T>(path: string, params?: QueryParams, options?: Omit<RequestOptions, 'method' | 'params' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET', params }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

async function readBody(response: Response): Promise<unknown> {
  return parseBody(await response.text().catch(() => ''));
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The request by XMLHttpRequest, which alone reports upload progress: its status and parsed
 * body, or the same failures as fetch (a TypeError without a network, an AbortError).
 */
function sendWithProgress(
  url: string,
  init: { method: string; headers: Record<string, string>; body: FormData | string | undefined; signal: AbortSignal | undefined },
  onProgress: (percent: number) => void,
): Promise<{ status: number; parsed: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new TypeError('The request failed.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    xhr.onload = () => resolve({ status: xhr.status, parsed: parseBody(xhr.responseText) });
    init.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(init.body ?? null);
  });
}

/** `details.until` of an `account_suspended` answer: when the suspension ends (null for a ban). */
function restrictedUntil(body: Record<string, unknown>): string | null {
  const details = isRecord(body.details) ? body.details : undefined;
  return typeof details?.until === 'string' ? details.until : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}
