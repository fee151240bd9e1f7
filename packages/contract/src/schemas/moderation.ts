import { z } from 'zod';
import { IdSchema, TimestampSchema, lineText, multilineText, pageQuery, paginated } from './common';
import { REPORT_REASONS } from './safety';

/**
 * Moderation (issue 30): roles, the moderators' queue of reports, held first messages and appeals,
 * decisions with a statement of reasons, strikes, appeals to another moderator, an append-only
 * audit log, and the member's own standing. Everything under `/api/moderation/` answers 404 to a
 * member without the `moderator` or `admin` role.
 */

export const ROLES = ['moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** Roles that open the console (an admin is also a moderator). */
export const MODERATOR_ROLES: readonly Role[] = ['moderator', 'admin'];
export const isModerator = (roles: readonly string[] | undefined): boolean => (roles ?? []).some((r) => (MODERATOR_ROLES as readonly string[]).includes(r));

export const MODERATION_PRIORITIES = ['critical', 'high', 'normal', 'low'] as const;
export type ModerationPriority = (typeof MODERATION_PRIORITIES)[number];

/** Report reasons whose reports are critical and e-mail MODERATION_ALERT_EMAIL at once. */
export const CRITICAL_REPORT_REASONS: readonly (typeof REPORT_REASONS)[number][] = ['underage'];
/** Reasons whose reports from trusted reporters add up to an automatic protective restriction (2 open). */
export const AUTO_RESTRICT_REPORT_REASONS: readonly (typeof REPORT_REASONS)[number][] = ['scam_or_spam', 'fake_profile'];

/** `verification`: a borderline photo verification (issue 31). */
export const QUEUE_KINDS = ['report', 'held', 'appeal', 'verification'] as const;
export type QueueKind = (typeof QUEUE_KINDS)[number];
export const QUEUE_STATUSES = ['open', 'closed'] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

export const MODERATION_ACTIONS = ['dismiss', 'warn', 'remove_content', 'suspend', 'ban'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
/** Decisions the member hears about: every action but dismiss, plus the automatic protective restriction. */
export const DECISION_ACTIONS = [...MODERATION_ACTIONS, 'auto_restrict', 'lift'] as const;
export type DecisionAction = (typeof DECISION_ACTIONS)[number];

/** Rule codes a decision cites (the console's reason templates). */
export const MODERATION_REASON_CODES = [
  'fake_profile', 'inappropriate_content', 'harassment', 'scam_or_spam', 'underage', 'threats', 'hate', 'other', 'no_violation',
] as const;
export type ModerationReasonCode = (typeof MODERATION_REASON_CODES)[number];
export const MODERATION_REASON_LABELS: Readonly<Record<ModerationReasonCode, string>> = {
  fake_profile: 'Fake or misleading profile',
  inappropriate_content: 'Inappropriate photos or text',
  harassment: 'Harassment',
  scam_or_spam: 'Scam or spam',
  underage: 'Under 18',
  threats: 'Threats of violence',
  hate: 'Hate speech',
  other: 'Other breach of the terms',
  no_violation: 'No breach found',
};

export const MODERATION_LIMITS = {
  statementMax: 2000,
  appealTextMax: 2000,
  /** Suspension length in days a moderator may choose. */
  daysMin: 1,
  daysMax: 365,
  /** How long after a decision its appeal can be filed. */
  appealMonths: 6,
  pageSize: 20,
} as const;

export const STANDING_STATUSES = ['good', 'warned', 'restricted', 'suspended', 'banned'] as const;
export type StandingStatus = (typeof STANDING_STATUSES)[number];

export const APPEAL_STATUSES = ['open', 'upheld', 'overturned'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];
export const APPEAL_OUTCOMES = ['upheld', 'overturned'] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];

export const AUDIT_ACTIONS = [
  'decision', 'appeal_decision', 'role_granted', 'role_revoked', 'held_released', 'held_rejected', 'auto_restrict',
  /** Issue 31: a moderator approved or rejected a borderline photo verification. */
  'verification_approved', 'verification_rejected',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const MODERATION_MESSAGES = {
  sameModerator: 'Another moderator must decide this appeal.',
  accountSuspended: 'Your account is restricted. See Your account for the reasons.',
  registrationRefused: "This number or e-mail can't be used to register.",
  appealExists: 'This decision has already been appealed.',
  appealClosed: 'The time to appeal this decision has passed.',
  appealNotAllowed: 'This decision cannot be appealed.',
  decided: 'Decision recorded.',
  appealSent: 'Your appeal has been sent. Another moderator will review it.',
  statementRequired: 'Write the statement the member will get.',
  daysRequired: 'Choose how many days the suspension lasts.',
  contentRequired: 'Choose what to remove.',
} as const;

// ── Summaries ──

/** A member as the console shows them (deleted members keep their id, name null). */
export const ModerationMemberSummarySchema = z.object({
  id: IdSchema,
  name: z.string().nullable(),
  photo: z.string().nullable(),
  created_at: TimestampSchema.nullable(),
  deleted: z.boolean(),
  standing: z.enum(STANDING_STATUSES),
  strikes: z.number().int().min(0),
  /** Flagged as a false reporter (≥ 5 reports, ≥ 70 % dismissed). */
  false_reporter: z.boolean(),
});
export type ModerationMemberSummary = z.infer<typeof ModerationMemberSummarySchema>;

// ── Queue ──

export const QueueQuerySchema = z.object({
  kind: z.enum(QUEUE_KINDS).default('report'),
  status: z.enum(QUEUE_STATUSES).default('open'),
}).extend(pageQuery(MODERATION_LIMITS.pageSize).shape);
export type QueueQuery = z.input<typeof QueueQuerySchema>;

export const QueueItemSchema = z.object({
  /** The report's, held message's or appeal's id (by `kind`). */
  id: IdSchema,
  kind: z.enum(QUEUE_KINDS),
  priority: z.enum(MODERATION_PRIORITIES),
  created_at: TimestampSchema,
  subject: ModerationMemberSummarySchema,
  reporter: ModerationMemberSummarySchema.nullable(),
  /** The report reason; 'held_message' / 'appeal' for the other kinds. */
  reason: z.string(),
  /** Open reports against the subject (all reasons). */
  reports_count: z.number().int().min(0),
});
export type QueueItem = z.infer<typeof QueueItemSchema>;
export const QueuePageSchema = paginated(QueueItemSchema);
export type QueuePage = z.infer<typeof QueuePageSchema>;

// ── Decisions ──

export const RemovedContentSchema = z.object({
  photo_ids: z.array(IdSchema).max(20).optional(),
  post: z.boolean().optional(),
  about: z.boolean().optional(),
});
export type RemovedContent = z.infer<typeof RemovedContentSchema>;

export const DecisionBodySchema = z
  .object({
    action: z.enum(MODERATION_ACTIONS),
    reason_code: z.enum(MODERATION_REASON_CODES),
    statement: multilineText().trim().min(1, { error: MODERATION_MESSAGES.statementRequired }).max(MODERATION_LIMITS.statementMax),
    content: RemovedContentSchema.optional(),
    /** Suspension length (suspend only). */
    days: z.number().int().min(MODERATION_LIMITS.daysMin).max(MODERATION_LIMITS.daysMax).optional(),
    /** Reports only: also decide the subject's other open reports with the same reason. */
    include_similar: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.action === 'suspend' && value.days === undefined) {
      ctx.addIssue({ code: 'custom', path: ['days'], message: MODERATION_MESSAGES.daysRequired });
    }
    if (value.action === 'remove_content') {
      const c = value.content;
      if (!c || (!(c.photo_ids?.length) && !c.post && !c.about)) {
        ctx.addIssue({ code: 'custom', path: ['content'], message: MODERATION_MESSAGES.contentRequired });
      }
    }
  });
export type DecisionBody = z.input<typeof DecisionBodySchema>;
export type DecisionValues = z.output<typeof DecisionBodySchema>;

/** A decision as moderators and the member see it. */
export const DecisionSchema = z.object({
  id: IdSchema,
  subject_id: IdSchema,
  report_id: IdSchema.nullable(),
  action: z.enum(DECISION_ACTIONS),
  reason_code: z.string(),
  statement: z.string(),
  /** What remove_content removed. */
  content: z.object({ photo_ids: z.array(IdSchema), post: z.boolean(), about: z.boolean() }).nullable(),
  /** Whether it added a strike (still counted: not overturned). */
  strike: z.boolean(),
  automatic: z.boolean(),
  /** Null for the automatic restriction and for members' own view (moderators stay anonymous to members). */
  moderator_id: IdSchema.nullable(),
  created_at: TimestampSchema,
  /** End of a suspension; null when it does not end (ban) or has no duration. */
  until: TimestampSchema.nullable(),
  overturned: z.boolean(),
});
export type Decision = z.infer<typeof DecisionSchema>;

/** `POST /moderation/reports/{id}/decision` and `POST /moderation/members/{id}/actions`. */
export const DecisionResultSchema = z.object({
  decision: DecisionSchema,
  /** The strike-ladder's step when it escalated the action (e.g. a 2nd strike's warn became a 7-day suspension). */
  escalated_to: z.enum(MODERATION_ACTIONS).nullable(),
  /** Reports this decision closed. */
  closed_report_ids: z.array(IdSchema),
});
export type DecisionResult = z.infer<typeof DecisionResultSchema>;

// ── Report detail ──

/** The evidence snapshot stored with a report (issue 29); null for reports filed before it. */
export const ReportEvidenceSchema = z.object({
  captured_at: TimestampSchema,
  /** The subject's profile as it was when reported. */
  profile: z.record(z.string(), z.unknown()).nullable(),
  photos: z.array(z.object({ id: IdSchema.nullable(), url: z.string() })),
  /** The pair's conversation around the report; `reported` marks the reported message. */
  messages: z.array(z.object({
    id: IdSchema, sender_id: IdSchema, body: z.string().nullable(), created_at: TimestampSchema, reported: z.boolean(),
  })),
  post: z.record(z.string(), z.unknown()).nullable(),
});
export type ReportEvidence = z.infer<typeof ReportEvidenceSchema>;

export const ModerationReportSchema = z.object({
  id: IdSchema,
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  status: z.enum(QUEUE_STATUSES),
  priority: z.enum(MODERATION_PRIORITIES),
  created_at: TimestampSchema,
  post_id: IdSchema.nullable(),
  message_id: IdSchema.nullable(),
  reporter: ModerationMemberSummarySchema.nullable(),
  subject: ModerationMemberSummarySchema,
  decision_id: IdSchema.nullable(),
});
export type ModerationReport = z.infer<typeof ModerationReportSchema>;

export const SubjectHistorySchema = z.object({
  reports: z.array(ModerationReportSchema),
  decisions: z.array(DecisionSchema),
  strikes: z.number().int().min(0),
});
export type SubjectHistory = z.infer<typeof SubjectHistorySchema>;

export const ReportDetailSchema = z.object({
  report: ModerationReportSchema,
  evidence: ReportEvidenceSchema.nullable(),
  history: SubjectHistorySchema,
});
export type ReportDetail = z.infer<typeof ReportDetailSchema>;

// ── Members ──

export const ModerationMemberDetailSchema = z.object({
  member: ModerationMemberSummarySchema,
  roles: z.array(z.string()),
  until: TimestampSchema.nullable(),
  reports_against: z.array(ModerationReportSchema),
  reports_filed: z.array(ModerationReportSchema),
  decisions: z.array(DecisionSchema),
});
export type ModerationMemberDetail = z.infer<typeof ModerationMemberDetailSchema>;

// ── Appeals ──

export const AppealBodySchema = z.object({
  decision_id: IdSchema,
  text: multilineText().trim().min(1).max(MODERATION_LIMITS.appealTextMax),
});
export type AppealBody = z.input<typeof AppealBodySchema>;

export const AppealSchema = z.object({
  id: IdSchema,
  decision_id: IdSchema,
  member_id: IdSchema,
  text: z.string(),
  status: z.enum(APPEAL_STATUSES),
  created_at: TimestampSchema,
  decided_at: TimestampSchema.nullable(),
  outcome_statement: z.string().nullable(),
});
export type Appeal = z.infer<typeof AppealSchema>;

/** An appeal as the console lists it: with the decision appealed and the member. */
export const ModerationAppealSchema = AppealSchema.extend({
  decision: DecisionSchema,
  member: ModerationMemberSummarySchema,
});
export type ModerationAppeal = z.infer<typeof ModerationAppealSchema>;
export const AppealsQuerySchema = z.object({ status: z.enum(QUEUE_STATUSES).default('open') }).extend(pageQuery(MODERATION_LIMITS.pageSize).shape);

export const AppealDecisionBodySchema = z.object({
  outcome: z.enum(APPEAL_OUTCOMES),
  statement: multilineText().trim().min(1, { error: MODERATION_MESSAGES.statementRequired }).max(MODERATION_LIMITS.statementMax),
});
export type AppealDecisionBody = z.input<typeof AppealDecisionBodySchema>;

// ── Held messages ──

export const HeldMessageSchema = z.object({
  id: IdSchema,
  room_id: IdSchema,
  sender: ModerationMemberSummarySchema,
  recipient: ModerationMemberSummarySchema,
  body: z.string().nullable(),
  created_at: TimestampSchema,
});
export type HeldMessage = z.infer<typeof HeldMessageSchema>;
export const HeldMessageResultSchema = z.object({ id: IdSchema, status: z.enum(['released', 'rejected']) });
export type HeldMessageResult = z.infer<typeof HeldMessageResultSchema>;

// ── Audit ──

export const AuditEntrySchema = z.object({
  id: IdSchema,
  action: z.enum(AUDIT_ACTIONS),
  /** The moderator or admin; null for automatic entries and the admin command line. */
  actor_id: IdSchema.nullable(),
  subject_id: IdSchema.nullable(),
  /** What the entry is about: a decision, appeal, held message or role. */
  target: z.string().nullable(),
  reason_code: z.string().nullable(),
  statement: z.string().nullable(),
  created_at: TimestampSchema,
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

// ── Stats ──

export const StatsQuerySchema = z.object({ from: TimestampSchema.optional(), to: TimestampSchema.optional() });
export const ModerationStatsSchema = z.object({
  from: TimestampSchema,
  to: TimestampSchema,
  reports_by_reason: z.record(z.string(), z.number().int().min(0)),
  actions_by_type: z.record(z.string(), z.number().int().min(0)),
  /** Median hours from report to decision; null without decided reports. */
  median_hours_to_decision: z.number().nullable(),
  appeals: z.object({ total: z.number().int(), upheld: z.number().int(), overturned: z.number().int(), open: z.number().int() }),
});
export type ModerationStats = z.infer<typeof ModerationStatsSchema>;

// ── Member side ──

export const StandingDecisionSchema = z.object({
  id: IdSchema,
  action: z.enum(DECISION_ACTIONS),
  reason_code: z.string(),
  statement: z.string(),
  at: TimestampSchema,
  until: TimestampSchema.nullable(),
  automatic: z.boolean(),
  content: DecisionSchema.shape.content,
  overturned: z.boolean(),
  /** The appeal: its status when filed, else null status with the deadline (null when it can no longer be filed). */
  appeal: z.object({ status: z.enum(APPEAL_STATUSES).nullable(), deadline: TimestampSchema.nullable() }),
});
export type StandingDecision = z.infer<typeof StandingDecisionSchema>;

export const StandingSchema = z.object({
  status: z.enum(STANDING_STATUSES),
  strikes: z.number().int().min(0),
  until: TimestampSchema.nullable(),
  decisions: z.array(StandingDecisionSchema),
});
export type Standing = z.infer<typeof StandingSchema>;

/** Role changes from the console (admins only). */
/** `PUT /moderation/members/{id}/roles` (admins only): the member's roles after the change. */
export const RoleBodySchema = z.object({ roles: z.array(z.enum(ROLES)).max(ROLES.length) });
export const MemberRolesSchema = z.object({ id: IdSchema, roles: z.array(z.enum(ROLES)) });

export const ModerationSearchSchema = z.object({ q: lineText().trim().min(1).max(200) });
