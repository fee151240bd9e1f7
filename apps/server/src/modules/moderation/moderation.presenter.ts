import type {
  AuditEntry, Decision, ModerationMemberSummary, ModerationStats, ModerationReport, ReportEvidence, StandingDecision, StandingStatus,
} from '@linkup/contract';
import { REPORT_REASONS } from '@linkup/contract';
import { toBool } from '../../db/schema';
import type { ReportSnapshot } from '../shared/report-evidence.repository';
import type { AppealRow, AuditRow, DecisionRow, MemberRow, ReportRow } from './moderation.repository';
import { moderationPolicy } from './moderation.policy';

/** How the console shows a member (a deleted one keeps their id). */
export function presentMemberSummary(
  id: string, row: MemberRow | undefined, facts: { standing: StandingStatus; strikes: number; falseReporter: boolean; photo: string | null },
): ModerationMemberSummary {
  return {
    id, name: row?.name ?? null, photo: facts.photo, created_at: row?.created_at ?? null, deleted: row === undefined,
    standing: facts.standing, strikes: facts.strikes, false_reporter: facts.falseReporter,
  };
}

function parseContent(content: string | null): Decision['content'] {
  if (!content) return null;
  const c = JSON.parse(content) as { photo_ids?: string[]; post?: boolean; about?: boolean };
  return { photo_ids: c.photo_ids ?? [], post: Boolean(c.post), about: Boolean(c.about) };
}

export function presentDecision(row: DecisionRow, forMember = false): Decision {
  return {
    id: row.id, subject_id: row.subject_id, report_id: row.report_id, action: row.action as Decision['action'], reason_code: row.reason_code,
    statement: row.statement, content: parseContent(row.content), strike: toBool(row.strike) && row.overturned_at === null,
    automatic: toBool(row.automatic), moderator_id: forMember ? null : row.moderator_id, created_at: row.created_at, until: row.until,
    overturned: row.overturned_at !== null,
  };
}

export function presentStandingDecision(row: DecisionRow, appeal: AppealRow | undefined, now: Date): StandingDecision {
  const deadline = moderationPolicy.appealDeadline(row.created_at);
  const open = !appeal && row.overturned_at === null && Date.parse(deadline) > now.getTime();
  return {
    id: row.id, action: row.action as StandingDecision['action'], reason_code: row.reason_code, statement: row.statement, at: row.created_at,
    until: row.until, automatic: toBool(row.automatic), content: parseContent(row.content), overturned: row.overturned_at !== null,
    appeal: { status: (appeal?.status as 'open' | 'upheld' | 'overturned' | undefined) ?? null, deadline: open ? deadline : null },
  };
}

export function presentReport(
  row: ReportRow, priority: ModerationReport['priority'], subject: ModerationMemberSummary, reporter: ModerationMemberSummary | null,
): ModerationReport {
  return {
    id: row.id, reason: (REPORT_REASONS as readonly string[]).includes(row.reason) ? (row.reason as ModerationReport['reason']) : 'other',
    details: row.details, status: row.status === 'open' ? 'open' : 'closed', priority, created_at: row.created_at,
    post_id: row.post_id, message_id: row.message_id, reporter, subject, decision_id: row.decision_id,
  };
}

/** The evidence snapshot for moderators; photo URLs through `photoUrl`. */
export function presentEvidence(
  stored: { snapshot: string; created_at: string } | undefined, messageId: string | null, photoUrl: (key: string) => string,
): ReportEvidence | null {
  if (!stored) return null;
  const snap = JSON.parse(stored.snapshot) as ReportSnapshot;
  return {
    captured_at: snap.taken_at ?? stored.created_at,
    profile: { id: snap.member.id, name: snap.member.name, about: snap.member.about },
    photos: snap.member.photos.map((p) => ({ id: p.id, url: photoUrl(p.storage_key) })),
    messages: snap.messages.map((m) => ({
      id: m.id, sender_id: m.user_id, body: m.deleted ? null : m.text, created_at: m.created_at, reported: m.id === messageId,
    })),
    post: snap.post ? { id: snap.post.id, description: snap.post.description, created_at: snap.post.created_at } : null,
  };
}

export function presentAudit(row: AuditRow): AuditEntry {
  return {
    id: row.id, action: row.action as AuditEntry['action'], actor_id: row.actor_id, subject_id: row.subject_id, target: row.target,
    reason_code: row.reason_code, statement: row.statement, created_at: row.created_at,
  };
}

/** The transparency figures of a period (the API and `npm run admin -- transparency-report`). */
export function presentStats(
  s: { reports: { reason: string; n: number }[]; actions: { action: string; n: number }[]; decidedReports: { created_at: string; decided_at: string }[]; appeals: { status: string; n: number }[] },
  from: string, to: string,
): ModerationStats {
  const hours = s.decidedReports.map((r) => (Date.parse(r.decided_at) - Date.parse(r.created_at)) / 3_600_000).sort((a, b) => a - b);
  const mid = Math.floor(hours.length / 2);
  const median = hours.length === 0 ? null : hours.length % 2 ? hours[mid]! : (hours[mid - 1]! + hours[mid]!) / 2;
  const appeal = (status: string) => s.appeals.find((a) => a.status === status)?.n ?? 0;
  return {
    from, to,
    reports_by_reason: Object.fromEntries(s.reports.map((r) => [r.reason, r.n])),
    actions_by_type: Object.fromEntries(s.actions.map((r) => [r.action, r.n])),
    median_hours_to_decision: median === null ? null : Math.round(median * 100) / 100,
    appeals: { total: s.appeals.reduce((n, a) => n + a.n, 0), upheld: appeal('upheld'), overturned: appeal('overturned'), open: appeal('open') },
  };
}
