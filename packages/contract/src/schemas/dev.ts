import { z } from 'zod';
import { IdSchema, TimestampSchema } from './common';

/** A message the dev outbox kept instead of sending it (development and test only). */
export const OutboxMessageSchema = z.object({
  id: IdSchema,
  channel: z.enum(['whatsapp', 'email']),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  code: z.string().nullable(),
  link: z.string().nullable(),
  created_at: TimestampSchema,
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;
