import type { FieldErrors } from '@linkup/contract';
import type { z } from 'zod';

/** Field errors from zod issues, as a 422 carries them: `{ "message": ["Type a message."] }`. */
export function zodFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}
