import { z } from 'zod';
import { FIELD_LIMITS } from '../constants';
import { IdSchema, TimestampSchema, lineText, multilineText } from './common';

/** Help (issue 4, "Help and legal"): the FAQ the server serves, and the contact form. */

export const FaqEntrySchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
});
export type FaqEntry = z.infer<typeof FaqEntrySchema>;

export const FaqCategorySchema = z.object({
  id: z.string(),
  title: z.string(),
  entries: z.array(FaqEntrySchema),
});
export type FaqCategory = z.infer<typeof FaqCategorySchema>;

/** `data` of GET /help/faq: the categories with at least one entry matching the search. */
export const FaqSchema = z.object({
  search: z.string(),
  total: z.number().int().min(0),
  categories: z.array(FaqCategorySchema),
});
export type Faq = z.infer<typeof FaqSchema>;

export const FaqQuerySchema = z.object({
  search: lineText()
    .trim()
    .max(FIELD_LIMITS.searchMax, { error: `Use at most ${FIELD_LIMITS.searchMax} characters.` })
    .default(''),
});
export type FaqQuery = z.infer<typeof FaqQuerySchema>;

export const SUPPORT_LIMITS = {
  subjectMin: 3,
  subjectMax: 150,
  messageMin: 10,
  messageMax: 5_000,
} as const;

export const ContactBodySchema = z.object({
  subject: multilineText({ error: 'Enter a subject.' })
    // One line: whitespace (line breaks included) collapses to single spaces.
    .transform((s) => s.replace(/\s+/g, ' ').trim())
    .pipe(
      z
        .string()
        .min(SUPPORT_LIMITS.subjectMin, { error: `Use at least ${SUPPORT_LIMITS.subjectMin} characters.` })
        .max(SUPPORT_LIMITS.subjectMax, { error: `Use at most ${SUPPORT_LIMITS.subjectMax} characters.` }),
    ),
  message: multilineText({ error: 'Enter your message.' })
    .trim()
    .min(SUPPORT_LIMITS.messageMin, { error: `Tell us a little more (at least ${SUPPORT_LIMITS.messageMin} characters).` })
    .max(SUPPORT_LIMITS.messageMax, { error: `Use at most ${SUPPORT_LIMITS.messageMax} characters.` }),
});
export type ContactBody = z.infer<typeof ContactBodySchema>;

/** `data` of POST /help/contact. */
export const SupportMessageSchema = z.object({
  id: IdSchema,
  subject: z.string(),
  created_at: TimestampSchema,
});
export type SupportMessage = z.infer<typeof SupportMessageSchema>;

export const HELP_MESSAGES = {
  contactSent: 'Thank you — your message has reached our support team. We will reply to your e-mail address.',
  contactLimit: 'You have sent several messages in the last hour. Please wait a while before sending another.',
} as const;
