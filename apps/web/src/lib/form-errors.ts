/**
 * Field errors for forms, one message per field: from the contract's zod schemas (checked before
 * sending) and from a server 422 (`errors` per field, spec §5).
 */
import type { FieldErrors } from '@linkup/contract';
import type { z } from 'zod';

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
