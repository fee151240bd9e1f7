/**
 * Field errors for forms, one message per field: from the contract's zod schemas (checked before
 * sending) and from a server 422 (`errors` per field, spec §5).
 */
import type { FieldErrors } from '@linkup/contract';
import type { z } from 'zod';
import { isApiClientError } from '@/lib/api-client';

export type FormErrors<K extends string = string> = Partial<Record<K, string>>;

/** The first message per top-level field of a failed safeParse. */
export function zodFormErrors<K extends string = string>(error: z.ZodError): FormErrors<K> {
  const result: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in result)) result[key] = issue.message;
  }
  return result as FormErrors<K>;
}

/** The first server message per field of a 422 body. */
export function serverFormErrors<K extends string = string>(errors: FieldErrors | undefined): FormErrors<K> {
  const result: Record<string, string> = {};
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const first = Array.isArray(messages) ? messages.find((m) => typeof m === 'string' && m.trim()) : undefined;
    if (first) result[key] = first;
  }
  return result as FormErrors<K>;
}

export const hasFormErrors = (errors: FormErrors): boolean => Object.values(errors).some(Boolean);

/**
 * One failure, one message (issue 32 item 16): a form says what went wrong in one place — beside
 * the fields a 422 names when the form shows them (`shows`), else in its alert, which leads with
 * the screen's failure text (spec §8's words, e.g. 'Login failed') and adds the reason: spec §8's
 * message for the status (the server's words where the catalogue shows them), or with
 * `serverWords` the server's own sentence whatever the status (sign-in's refusals). No toast besides
 * (docs/decisions.md).
 */
export function placeFailure<K extends string>(
  error: unknown,
  failedText: string,
  { shows = () => true, serverWords = false }: { shows?: (field: string) => boolean; serverWords?: boolean } = {},
): { fields: FormErrors<K>; alert: string | null } {
  if (!isApiClientError(error)) return { fields: {}, alert: failedText };
  const fields = Object.fromEntries(Object.entries(serverFormErrors(error.errors)).filter(([field]) => shows(field))) as FormErrors<K>;
  if (hasFormErrors(fields)) return { fields, alert: null };
  const reason = (serverWords ? error.serverMessage : undefined) ?? error.message;
  return { fields: {}, alert: reason && reason !== failedText ? `${failedText}. ${reason}` : failedText };
}
