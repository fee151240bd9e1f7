import { z } from 'zod';
import { ID_PATTERN, PAGE_SIZES } from '../constants';
import { ERROR_CODES } from '../errors';

/** Why a text or an id is refused: it holds characters no text of ours needs (see `lineText`). */
export const TEXT_MESSAGES = {
  hiddenCharacters: 'Remove control or text-direction characters.',
  id: 'This is not a valid id.',
} as const;

/**
 * NUL, the other C0 controls, DEL and the C1 controls (no name, title or query needs one, and
 * PostgreSQL cannot store NUL) — but tab, line feed and carriage return where text may span lines — and the bidi
 * embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which make text read
 * otherwise than it is stored.
 */
function hasHiddenCharacters(value: string, lines: boolean): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const control = (code < 0x20 && !(lines && (code === 0x09 || code === 0x0a || code === 0x0d))) || (code >= 0x7f && code <= 0x9f);
    if (control || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) return true;
  }
  return false;
}

/** True for one line of text with no control or bidi-override character. */
export const isCleanLine = (value: string): boolean => !hasHiddenCharacters(value, false);
/** True for text that may span lines (tab and line breaks allowed) with no other control or bidi-override character. */
export const isCleanText = (value: string): boolean => !hasHiddenCharacters(value, true);

type StringParams = Parameters<typeof z.string>[0];

/**
 * Every single-line text input (names, titles, search, places, tokens, numbers): a string that
 * refuses NUL, other controls and bidi overrides with a 422, so both databases see the same text.
 */
export const lineText = (params?: StringParams) => z.string(params).refine(isCleanLine, { error: TEXT_MESSAGES.hiddenCharacters });
/** Every multi-line text input (messages, about, report details): as `lineText`, but tab and line breaks are text. */
export const multilineText = (params?: StringParams) => z.string(params).refine(isCleanText, { error: TEXT_MESSAGES.hiddenCharacters });

/** Ids of members, rooms, messages and posts: opaque random strings (base64url), never sequential. */
export const IdSchema = z.string().regex(ID_PATTERN, { error: TEXT_MESSAGES.id });
export const TimestampSchema = z.string().describe('ISO-8601 date-time, UTC');

export const ErrorCodeSchema = z.enum(ERROR_CODES);
export const ErrorDetailsSchema = z.object({
  resets_at: TimestampSchema.optional(),
  remaining: z.number().int().min(0).optional(),
  /** account_suspended: when the suspension ends; null for a ban (issue 30). */
  until: TimestampSchema.nullable().optional(),
  /** otp_invalid: wrong tries the code has left (issue 32). */
  tries_left: z.number().int().min(0).optional(),
  /** login_locked: seconds until sign-in attempts are allowed again (issue 32). */
  retry_after: z.number().int().min(0).optional(),
});

/** Spec §3 "API error object", with our stable `code` (see ERROR_CODE_STATUS) and optional `details`. */
export const ApiErrorSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  status: z.number().int(),
  code: ErrorCodeSchema,
  errors: z.record(z.string(), z.array(z.string())).optional(),
  details: ErrorDetailsSchema.optional(),
  timestamp: TimestampSchema,
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
export type FieldErrors = NonNullable<ApiError['errors']>;

/** Every success leaves the server as `{ success: true, data, message? }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}
export interface Envelope<T> {
  success: true;
  data: T;
  message?: string;
}

/** Spec §3 pagination (chat lists). */
export const PaginationSchema = z.object({
  current_page: z.number().int().min(1),
  last_page: z.number().int().min(1),
  per_page: z.number().int().min(1).default(PAGE_SIZES.chatMessages),
  total: z.number().int().min(0),
});
export type Pagination = z.infer<typeof PaginationSchema>;

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), pagination: PaginationSchema });
}

/** Query parameters `page` and `per_page` as every paged list accepts them. */
export function pageQuery(defaultPerPage: number) {
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(PAGE_SIZES.max).default(defaultPerPage),
  });
}

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptime_seconds: z.number(),
  checks: z.object({
    database: z.object({ status: z.enum(['up', 'down']), dialect: z.enum(['sqlite', 'postgres']) }),
    redis: z.object({ status: z.enum(['up', 'down', 'not_configured']) }),
  }),
});
export type Health = z.infer<typeof HealthSchema>;
/** GET /health/live (issue 33): the process answers. */
export const LivenessSchema = z.object({ status: z.literal('ok'), uptime_seconds: z.number() });
export type Liveness = z.infer<typeof LivenessSchema>;
/** GET /health/ready (issue 33): whether a load balancer may send new work here. */
export const ReadinessSchema = z.object({
  status: z.enum(['ready', 'degraded', 'draining']),
  checks: HealthSchema.shape.checks.optional(),
});
export type Readiness = z.infer<typeof ReadinessSchema>;
