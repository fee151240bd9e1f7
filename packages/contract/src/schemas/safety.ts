import { z } from 'zod';
import { IdSchema, TimestampSchema, multilineText } from './common';

/**
 * Safety (issue 4): blocking and reporting members. A block works both ways everywhere: neither
 * member sees the other's profile, in lists or in chat, until the blocker unblocks.
 */

export const REPORT_REASONS = ['fake_profile', 'inappropriate_photos', 'harassment', 'threats', 'scam_or_spam', 'underage', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What the report form shows for each reason, in this order. */
export const REPORT_REASON_LABELS: Readonly<Record<ReportReason, string>> = {
  fake_profile: 'Fake profile',
  inappropriate_photos: 'Inappropriate photos',
  harassment: 'Harassment',
  threats: 'Threats or violence',
  scam_or_spam: 'Scam or spam',
  underage: 'Under 18',
  other: 'Something else',
};

export const REPORT_DETAILS_MAX = 1000;

/** Page size of the blocked members list. */
export const BLOCKS_PAGE_SIZE = 20;

/** Messages of the safety endpoints, and the chat refusal for "matches only" members. */
export const SAFETY_MESSAGES = {
  /** 404 for an unknown member, a deleted one, and one blocked either way alike. */
  memberUnavailable: "This profile isn't available.",
  blocked: 'Member blocked. You will no longer see each other.',
  unblocked: 'Member unblocked.',
  reported: 'Thank you. Our team will review your report.',
  reportedAndBlocked: 'Thank you. Our team will review your report, and the member has been blocked.',
  reportLimit: 'You have sent too many reports today. Please try again tomorrow.',
  blockSelf: "You can't block yourself.",
  reportSelf: "You can't report yourself.",
  reason: 'Choose a reason.',
  detailsRequired: 'Tell us what happened.',
  detailsMax: `Details can be at most ${REPORT_DETAILS_MAX} characters.`,
  postUnavailable: "This post isn't available.",
  /** 404: the reported message is not one the reported member sent in the pair's conversation. */
  messageUnavailable: "This message isn't available.",
} as const;

/** The chat's safety texts (issue 29, word for word where the issue gives them). */
export const CHAT_SAFETY_TEXTS = {
  viewProfile: 'View profile',
  unmatch: 'Unmatch',
  block: 'Block',
  report: 'Report',
  reportMessage: 'Report this message',
  ended: 'This conversation has ended.',
  notTold: "They won't be told. You won't see each other again.",
  unmatchConfirm: (name: string) => `Unmatch ${name}?`,
  blockConfirm: (name: string) => `Block ${name}?`,
} as const;

/** 422 when someone who accepts messages only from matches is not a match of the sender. */
export const matchesOnlyMessage = (name: string) => `${name} only accepts messages from matches.`;
/** 422 when someone who accepts messages from matches and verified members hears from neither (issue 31). */
export const verifiedOnlyMessage = (name: string) => `${name} only accepts messages from matches and verified members.`;

/** `POST /users/{id}/report`. `details` is required for "other"; `block` also blocks the member. */
export const ReportBodySchema = z
  .object({
    reason: z.enum(REPORT_REASONS, { error: SAFETY_MESSAGES.reason }),
    details: multilineText({ error: SAFETY_MESSAGES.detailsRequired })
      .trim()
      .max(REPORT_DETAILS_MAX, { error: SAFETY_MESSAGES.detailsMax })
      .transform((value) => (value === '' ? null : value))
      .nullable()
      .optional(),
    block: z.boolean().optional(),
    /** The feed post the report is about (one of the reported member's), if any. */
    post_id: IdSchema.optional(),
    /** The chat message the report is about: one the reported member sent to the reporter (issue 29). */
    message_id: IdSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.reason === 'other' && !value.details) {
      ctx.addIssue({ code: 'custom', path: ['details'], message: SAFETY_MESSAGES.detailsRequired });
    }
  });
/** What a form sends (before trimming). */
export type ReportBody = z.input<typeof ReportBodySchema>;
/** What the server works with (trimmed, empty details as null). */
export type ReportValues = z.output<typeof ReportBodySchema>;

/** The answer to a report: stored once per reporter, member and day; `blocked` if the member is now blocked. */
export const ReportResultSchema = z.object({
  id: IdSchema,
  reason: z.enum(REPORT_REASONS),
  blocked: z.boolean(),
  post_id: IdSchema.nullable().optional(),
  message_id: IdSchema.nullable().optional(),
  created_at: TimestampSchema,
});
export type ReportResult = z.infer<typeof ReportResultSchema>;

/**
 * A member I blocked (`GET /blocks`, `POST /users/{id}/block`): the name they had when I blocked
 * them (or, blocking back, when they blocked me), nothing chosen since.
 */
export const BlockedMemberSchema = z.object({
  id: IdSchema,
  name: z.string(),
  /** Always null: a block hides what the member looks like now (the list shows initials). */
  photo: z.string().nullable(),
  blocked_at: TimestampSchema,
});
export type BlockedMember = z.infer<typeof BlockedMemberSchema>;
