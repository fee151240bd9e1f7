import { z } from 'zod';
import { PAGE_SIZES } from '../constants';

/** Ids of members, rooms, messages and posts: opaque random strings, never sequential. */
export const IdSchema = z.string().min(1).max(64);
export const TimestampSchema = z.string().describe('ISO-8601 date-time, UTC');

/** Spec §3 "API error object". */
export const ApiErrorSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  status: z.number().int(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
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
