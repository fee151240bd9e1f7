import { createHmac } from 'node:crypto';
import {
  MODERATION_MESSAGES, MODERATION_REASON_LABELS, REPORT_REASON_LABELS, type Appeal, type AuditEntry, type DecisionResult,
  type DecisionValues, type HeldMessage, type ModerationAction, type ModerationAppeal, type ModerationMemberDetail, type ModerationMemberSummary,
  type ModerationReasonCode, type ModerationStats, type Pagination, type QueueItem, type QueueKind, type VerificationReview,
  type VerificationReviewDecisionBody, type ReportDetail, type Standing,
} from '@linkup/contract';
import type { MailSender } from '../../adapters/mail/mail';
import type { PhotoStorage } from '../../adapters/storage/storage';
import { toBool } from '../../db/schema';
import { isoNow, type Clock } from '../../lib/clock';
import { AppError, conflict, notFound } from '../../lib/http-errors';
import { newId } from '../../lib/ids';
import type { MemberRolesRepository } from '../shared/member-roles.repository';
import type { Notifier } from '../shared/notifier';
import { moderationPolicy as policy, type LadderStep } from './moderation.policy';
import {
  presentAudit, presentDecision, presentStats, presentEvidence, presentMemberSummary, presentReport, presentStandingDecision,
} from './moderation.presenter';
import type { DecisionRow, MemberRow, ModerationRepository, NewAudit, ReportRow } from './moderation.repository';

/** What moderation asks of the chat service about held first messages. */
export interface HeldMessages {
  listHeldMessages(page: number, perPage: number): Promise<{
    rows: { id: string; room_id: string; sender_id: string; recipient_id: string; message: string; created_at: string }[]; total: number;
  }>;
  releaseHeldMessage(messageId: string): Promise<string | null>;
  rejectHeldMessage(messageId: string): Promise<string | null>;
}

/** What moderation asks of the verification service about borderline verifications (issue 31). */
export interface VerificationReviews {
  queueItems(status: 'open' | 'closed'): Promise<QueueItem[]>;
  review(id: string): Promise<VerificationReview>;
  decideReview(moderatorId: string, id: string, body: VerificationReviewDecisionBody): Promise<VerificationReview>;
}

export interface ModerationServiceDeps {
  /** The chat service (held first messages). */
  held: HeldMessages;
  /** The verification service (borderline photo verifications). */
  verifications: VerificationReviews;
  repo: ModerationRepository;
  roles: MemberRolesRepository;
  /** Ends every session of a member and closes their sockets (the auth service). */
  endSessions: (userId: string) => Promise<void>;
  notifier: Notifier;
  mail: MailSender;
  storage: PhotoStorage;
  /** A member's current avatar URL (null without a photo). */
  avatarOf: (userId: string) => Promise<string | null>;
  /** Removes one of a member's photos with its files (the profile service: positions and the primary photo follow). */
  removePhoto: (userId: string, photoId: string) => Promise<void>;
  /** Removes a member's feed post with its photos (the feed service). */
  removePost: (userId: string) => Promise<void>;
  clock: Clock;
  secret: string;
  config: { alertEmail: string | null; strikeLadder: readonly string[] };
  log: { warn: (obj: object, msg: string) => void };
}

const page = <T>(items: T[], pageNo: number, perPage: number): { items: T[]; pagination: Pagination } => ({
  items: items.slice((pageNo - 1) * perPage, pageNo * perPage),
  pagination: { current_page: pageNo, last_page: Math.max(1, Math.ceil(items.length / perPage)), per_page: perPage, total: items.length },
});

/**
 * Moderation (issue 30): the queue, decisions with their statement of reasons, strikes keyed on
 * an HMAC of the member's mobile number and e-mail, appeals to another moderator, the audit log,
 * and the member's standing. Each decision is one transaction (decision, reports, strike,
 * restriction, removed content, audit entry); sessions end, notifications and e-mails go after it.
 */
export class ModerationService {
  readonly #ladder: LadderStep[];

  constructor(private readonly deps: ModerationServiceDeps) {
    this.#ladder = policy.parseLadder(deps.config.strikeLadder);
  }

  // ── Roles ──

  async mayModerate(userId: string): Promise<boolean> {
    return policy.mayModerate(await this.deps.roles.rolesOf(userId));
  }

  /** Grants or revokes a role, with an audit entry (`actorId` null: the admin command line). */
  async changeRole(actorId: string | null, userId: string, role: string, grant: boolean): Promise<boolean> {
    const now = isoNow(this.deps.clock);
    const changed = grant ? await this.deps.roles.grant(userId, role, now) : await this.deps.roles.revoke(userId, role);
    if (changed) {
      await this.deps.repo.audit({
        action: grant ? 'role_granted' : 'role_revoked', actor_id: actorId, subject_id: userId, target: role, reason_code: null, statement: null, created_at: now,
      });
    }
    return changed;
  }

  /** `PUT /moderation/members/{id}/roles` (admins only; others get 404 like any hidden thing). */
  async setRoles(actorId: string, userId: string, roles: readonly string[]): Promise<{ id: string; roles: ('moderator' | 'admin')[] }> {
    if (!policy.mayManageRoles(await this.deps.roles.rolesOf(actorId))) throw notFound('not_found');
    if (!(await this.deps.repo.member(userId))) throw notFound('member_not_found');
    const current = await this.deps.roles.rolesOf(userId);
    for (const role of ['moderator', 'admin']) {
      if (roles.includes(role) !== current.includes(role)) await this.changeRole(actorId, userId, role, roles.includes(role));
    }
    return { id: userId, roles: (await this.deps.roles.rolesOf(userId)) as ('moderator' | 'admin')[] };
  }

  /** Whether the member is suspended or banned now (sockets refuse them; issue 30). */
  isRestricted(user: { restriction: string | null; restricted_until: string | null }): boolean {
    return policy.isRestricted(user, this.deps.clock.now());
  }

  /**
   * Throws account_suspended (423, not 401/403: the client keeps the session and shows the standing
   * page) when a suspended or banned member calls a route a restricted session may not reach.
   */
  checkRestricted(user: { restriction: string | null; restricted_until: string | null }, method: string, url: string | undefined): void {
    if (!policy.isRestricted(user, this.deps.clock.now()) || policy.restrictedRouteAllowed(method, url)) return;
    throw new AppError(423, MODERATION_MESSAGES.accountSuspended, {
      code: 'account_suspended', details: { until: user.restriction === 'banned' ? null : user.restricted_until },
    });
  }

  // ── Identity keys ──

  /** The HMACs a member's strikes and bans are kept under: one of the mobile number, one of the e-mail. */
  identityKeys(identity: { mobile: string | null; email: string | null }): string[] {
    const keys: string[] = [];
    const mac = (text: string) => createHmac('sha256', this.deps.secret).update(text).digest('hex');
    if (identity.mobile) keys.push(mac(`mobile:${identity.mobile}`));
    if (identity.email) keys.push(mac(`email:${identity.email.toLowerCase()}`));
    return keys;
  }

  #keysOf(row: MemberRow): string[] {
    return this.identityKeys({ mobile: row.phone_number ?? row.pending_phone_number, email: row.email });
  }

  /** Whether a ban stands against this number or e-mail (registration asks). */
  refusesIdentity(identity: { mobile: string | null; email: string | null }): Promise<boolean> {
    return this.deps.repo.banned(this.identityKeys(identity));
  }

  // ── Summaries ──

  async #summaries(ids: readonly (string | null)[]): Promise<Map<string, ModerationMemberSummary>> {
    const present = [...new Set(ids.filter((id): id is string => id !== null))];
    const [rows, counts] = await Promise.all([this.deps.repo.members(present), this.deps.repo.reporterCounts(present)]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const now = this.deps.clock.now();
    const map = new Map<string, ModerationMemberSummary>();
    for (const id of present) {
      const row = byId.get(id);
      const strikes = row ? await this.deps.repo.strikes(this.#keysOf(row)) : 0;
      const photo = row ? await this.deps.avatarOf(id) : null;
      const c = counts.get(id);
      map.set(id, presentMemberSummary(id, row, {
        standing: row ? policy.standing(row, strikes, now) : 'good', strikes, photo,
        falseReporter: c ? policy.isFalseReporter(c.total, c.dismissed) : false,
      }));
    }
    return map;
  }

  async #presentReports(rows: ReportRow[]) {
    const summaries = await this.#summaries(rows.flatMap((r) => [r.reported_id, r.reporter_id]));
    return rows.filter((r) => r.reported_id !== null).map((r) => {
      const reporter = r.reporter_id ? summaries.get(r.reporter_id) ?? null : null;
      const subject = summaries.get(r.reported_id!)!;
      const priority = policy.priority(r.reason, reporter?.false_reporter ?? false, subject.standing === 'restricted');
      return presentReport(r, priority, subject, reporter);
    });
  }

  // ── Queue ──

  async queue(kind: QueueKind, status: 'open' | 'closed', pageNo: number, perPage: number): Promise<{ items: QueueItem[]; pagination: Pagination }> {
    if (kind === 'appeal') {
      const appeals = await this.appeals(status, 1, 500);
      const items: QueueItem[] = appeals.items.map((a) => ({
        id: a.id, kind: 'appeal', priority: 'high', created_at: a.created_at, subject: a.member, reporter: null, reason: 'appeal', reports_count: 0,
      }));
      return page(items, pageNo, perPage);
    }
    if (kind === 'verification') {
      const items = await this.deps.verifications.queueItems(status);
      const summaries = await this.#summaries(items.map((i) => i.subject.id));
      return page(items.map((i) => ({ ...i, subject: summaries.get(i.subject.id) ?? i.subject })), pageNo, perPage);
    }
    if (kind === 'held') {
      if (status === 'closed') return page([], pageNo, perPage);
      const held = await this.heldMessages(1, 500);
      const counts = await this.deps.repo.openCounts(held.items.map((h) => h.sender.id));
      const items: QueueItem[] = held.items.map((h) => ({
        id: h.id, kind: 'held', priority: 'normal', created_at: h.created_at, subject: h.sender, reporter: null, reason: 'held_message',
        reports_count: counts.get(h.sender.id) ?? 0,
      }));
      return page(items, pageNo, perPage);
    }
    const reports = await this.#presentReports(await this.deps.repo.reportsByStatus(status === 'open'));
    const counts = await this.deps.repo.openCounts(reports.map((r) => r.subject.id));
    const items: QueueItem[] = reports.map((r) => ({
      id: r.id, kind: 'report', priority: r.priority, created_at: r.created_at, subject: r.subject, reporter: r.reporter, reason: r.reason,
      reports_count: counts.get(r.subject.id) ?? 0,
    }));
    items.sort((a, b) => policy.compareQueue(a, b));
    return page(items, pageNo, perPage);
  }

  // ── Verifications (issue 31) ──

  /** A borderline photo verification: the selfies beside the profile photos. */
  verificationReview(id: string): Promise<VerificationReview> {
    return this.deps.verifications.review(id);
  }

  /** Approves or rejects it (the selfies are deleted either way), with an audit entry. */
  async decideVerification(moderatorId: string, id: string, body: VerificationReviewDecisionBody): Promise<VerificationReview> {
    const review = await this.deps.verifications.decideReview(moderatorId, id, body);
    await this.deps.repo.audit({
      action: body.outcome === 'approve' ? 'verification_approved' : 'verification_rejected', actor_id: moderatorId, subject_id: review.member_id,
      target: review.id, reason_code: body.reason ?? null, statement: body.note ?? null, created_at: isoNow(this.deps.clock),
    });
    return review;
  }

  async reportDetail(reportId: string): Promise<ReportDetail> {
    const row = await this.deps.repo.report(reportId);
    if (!row?.reported_id) throw notFound('report_not_found');
    const [report] = await this.#presentReports([row]);
    const [stored, history] = await Promise.all([this.deps.repo.evidence(row.id), this.#history(row.reported_id)]);
    return {
      report: report!, evidence: presentEvidence(stored, row.message_id, (key) => this.deps.storage.urlFor(key)),
      history: { reports: history.reports, decisions: history.decisions, strikes: report!.subject.strikes },
    };
  }

  async #history(subjectId: string) {
    const [reports, decisions] = await Promise.all([this.deps.repo.reportsAgainst(subjectId), this.deps.repo.decisionsOf(subjectId)]);
    return { reports: await this.#presentReports(reports), decisions: decisions.map((d) => presentDecision(d)) };
  }

  async memberDetail(memberId: string): Promise<ModerationMemberDetail> {
    const row = await this.deps.repo.member(memberId);
    const decisions = await this.deps.repo.decisionsOf(memberId);
    if (!row && decisions.length === 0) throw notFound('member_not_found');
    const [summary, history, filed, roles] = await Promise.all([
      this.#summaries([memberId]), this.#history(memberId), this.deps.repo.reportsFiledBy(memberId), this.deps.roles.rolesOf(memberId),
    ]);
    return {
      member: summary.get(memberId)!, roles, until: row?.restricted_until ?? null,
      reports_against: history.reports, reports_filed: await this.#presentReports(filed), decisions: history.decisions,
    };
  }

  // ── Decisions ──

  /** `POST /moderation/reports/{id}/decision`. */
  async decideReport(moderatorId: string, reportId: string, body: DecisionValues): Promise<DecisionResult> {
    const report = await this.deps.repo.report(reportId);
    if (!report?.reported_id) throw notFound('report_not_found');
    if (report.status !== 'open') throw conflict('report_decided', 'This report has already been decided.');
    const others = body.include_similar ? await this.deps.repo.openReportIds(report.reported_id, report.reason) : [];
    return this.#decide(moderatorId, report.reported_id, report.id, [...new Set([report.id, ...others])], body);
  }

  /** `POST /moderation/members/{id}/actions`: the same actions without a report. */
  async actOnMember(moderatorId: string, memberId: string, body: DecisionValues): Promise<DecisionResult> {
    return this.#decide(moderatorId, memberId, null, [], body);
  }

  async #decide(moderatorId: string, subjectId: string, reportId: string | null, reportIds: string[], body: DecisionValues): Promise<DecisionResult> {
    const subject = await this.deps.repo.member(subjectId);
    if (!subject) throw notFound('member_not_found');
    const now = this.deps.clock.now();
    const nowIso = now.toISOString();
    const keys = this.#keysOf(subject);
    const strike = policy.addsStrike(body.action);
    let action: ModerationAction = body.action;
    let days = body.days ?? null;
    let escalated: ModerationAction | null = null;
    if (strike) {
      const step = policy.ladderStep(this.#ladder, (await this.deps.repo.strikes(keys)) + 1);
      if (step.action !== 'warn') {
        escalated = step.action;
        action = step.action;
        days = step.action === 'suspend' ? step.days : null;
      }
    }
    const restriction = policy.restrictionOf(action);
    const until = restriction === 'suspended' && days ? policy.suspensionEnd(now, days) : null;
    const content = body.action === 'remove_content' && body.content
      ? { photo_ids: body.content.photo_ids ?? [], post: Boolean(body.content.post), about: Boolean(body.content.about) }
      : null;
    const decision: Omit<DecisionRow, 'overturned_at'> = {
      id: newId(), subject_id: subjectId, report_id: reportId, moderator_id: moderatorId, action: escalated ? action : body.action,
      reason_code: body.reason_code, statement: body.statement, content: content ? JSON.stringify(content) : null, strike, automatic: false,
      until, created_at: nowIso,
    };
    await this.deps.repo.applyDecision({
      decision,
      reportIds,
      reportStatus: body.action === 'dismiss' ? 'dismissed' : 'actioned',
      marks: [
        ...(strike ? keys.map((key_hash) => ({ key_hash, kind: 'strike' as const })) : []),
        ...(action === 'ban' ? keys.map((key_hash) => ({ key_hash, kind: 'ban' as const })) : []),
      ],
      ...(restriction
        ? { restriction: { restriction, restricted_until: until } }
        // A moderator's decision ends an automatic protective restriction (they looked).
        : subject.restriction === 'protective' ? { restriction: { restriction: null, restricted_until: null } } : {}),
      ...(content?.about ? { removeContent: { about: true } } : {}),
      audit: {
        action: 'decision', actor_id: moderatorId, subject_id: subjectId, target: `${decision.action}:${decision.id}`,
        reason_code: body.reason_code, statement: body.statement, created_at: nowIso,
      },
    }, nowIso);
    if (restriction) await this.deps.endSessions(subjectId);
    // Photos and the post go through their modules' services after the commit (their files, the primary photo).
    const gone = (err: unknown) => {
      if (!(err instanceof AppError && err.status === 404)) throw err;
    };
    for (const photoId of content?.photo_ids ?? []) await this.deps.removePhoto(subjectId, photoId).catch(gone);
    if (content?.post) await this.deps.removePost(subjectId).catch(gone);
    if (policy.restricts(decision.action)) await this.#tellMember(subject, { ...decision, overturned_at: null });
    return { decision: presentDecision({ ...decision, overturned_at: null }), escalated_to: escalated, closed_report_ids: reportIds };
  }

  /** The statement of reasons: an inbox notification and an e-mail, after the commit. */
  async #tellMember(member: MemberRow, decision: DecisionRow): Promise<void> {
    await this.deps.notifier.notify({ userId: member.id, type: 'moderation_decision', subjectId: decision.id, text: decision.action });
    if (!member.email) return;
    const rule = MODERATION_REASON_LABELS[decision.reason_code as ModerationReasonCode] ?? decision.reason_code;
    const lines = [
      `Hello ${member.name},`,
      '',
      `Our moderators decided: ${decision.action.replace('_', ' ')}${decision.until ? ` until ${decision.until}` : ''}.`,
      `Rule: ${rule}.`,
      `Why: ${decision.statement}`,
      toBool(decision.automatic) ? 'This decision was made automatically after reports from other members.' : 'This decision was made by a moderator after a review.',
      `You can appeal within 6 months from "Your account" in the app (More → Account); another moderator will review it.`,
      '',
      '— LinkUp',
    ];
    try {
      await this.deps.mail.send({ to: member.email, subject: 'A decision about your LinkUp account', text: lines.join('\n') });
    } catch (err) {
      this.deps.log.warn({ err }, 'statement of reasons e-mail failed');
    }
  }

  /**
   * Called after a report is stored: critical reports are e-mailed to MODERATION_ALERT_EMAIL at
   * once; 2 open scam/fake reports from trusted reporters restrict the member automatically.
   */
  async reportFiled(report: { id: string; reason: string; reportedId: string }): Promise<void> {
    // The report is stored: a failure here must not turn the reporter's answer into an error.
    try {
      await this.#autoRestrict(report.reportedId);
    } catch (err) {
      this.deps.log.warn({ err }, 'automatic restriction check failed');
    }
    const to = this.deps.config.alertEmail;
    if (!to || policy.priority(report.reason, false) !== 'critical') return;
    const label = (REPORT_REASON_LABELS as Record<string, string>)[report.reason] ?? report.reason;
    try {
      await this.deps.mail.send({ to, subject: `Critical report: ${label}`, text: `A critical report (${label}) waits in the moderation queue: report ${report.id}.` });
    } catch (err) {
      this.deps.log.warn({ err }, 'moderation alert e-mail failed');
    }
  }

  // ── Held messages ──

  async heldMessages(pageNo: number, perPage: number): Promise<{ items: HeldMessage[]; pagination: Pagination }> {
    const { rows, total } = await this.deps.held.listHeldMessages(pageNo, perPage);
    const summaries = await this.#summaries(rows.flatMap((r) => [r.sender_id, r.recipient_id]));
    return {
      items: rows.map((r) => ({
        id: r.id, room_id: r.room_id, sender: summaries.get(r.sender_id)!, recipient: summaries.get(r.recipient_id)!, body: r.message, created_at: r.created_at,
      })),
      pagination: { current_page: pageNo, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total },
    };
  }

  /** Releases or rejects a held message through the chat service, with an audit entry. */
  async settleHeld(moderatorId: string, messageId: string, release: boolean): Promise<{ id: string; status: 'released' | 'rejected' }> {
    const senderId = release ? await this.deps.held.releaseHeldMessage(messageId) : await this.deps.held.rejectHeldMessage(messageId);
    if (!senderId) throw notFound('message_not_found');
    await this.deps.repo.audit({
      action: release ? 'held_released' : 'held_rejected', actor_id: moderatorId, subject_id: senderId, target: messageId, reason_code: null,
      statement: null, created_at: isoNow(this.deps.clock),
    });
    return { id: messageId, status: release ? 'released' : 'rejected' };
  }

  /** The automatic protective restriction (hidden from discover, search and feed until a moderator decides), with its statement. */
  async #autoRestrict(subjectId: string): Promise<void> {
    const subject = await this.deps.repo.member(subjectId);
    if (!subject || subject.restriction !== null) return;
    const open = (await this.deps.repo.reportsAgainst(subjectId)).filter((r) => r.status === 'open');
    const reporterIds = open.flatMap((r) => (r.reporter_id ? [r.reporter_id] : []));
    const [reporters, counts] = await Promise.all([this.deps.repo.members(reporterIds), this.deps.repo.reporterCounts(reporterIds)]);
    const byId = new Map(reporters.map((r) => [r.id, r]));
    const now = this.deps.clock.now();
    const facts = open.map((r) => {
      const reporter = r.reporter_id ? byId.get(r.reporter_id) : undefined;
      const c = r.reporter_id ? counts.get(r.reporter_id) : undefined;
      const flagged = c ? policy.isFalseReporter(c.total, c.dismissed) : false;
      return { reason: r.reason, reporter_id: r.reporter_id, trusted: reporter ? policy.isTrustedReporter(reporter, flagged, now) : false };
    });
    if (!policy.autoRestricts(facts)) return;
    const nowIso = now.toISOString();
    const statement = 'Several members reported this profile as a scam or fake. Until a moderator reviews the reports, '
      + 'your profile is not shown in discover, search or the feed. Nothing else changes.';
    const decision: Omit<DecisionRow, 'overturned_at'> = {
      id: newId(), subject_id: subjectId, report_id: null, moderator_id: null, action: 'auto_restrict', reason_code: 'scam_or_spam', statement,
      content: null, strike: false, automatic: true, until: null, created_at: nowIso,
    };
    await this.deps.repo.applyDecision({
      decision, reportIds: [], reportStatus: 'actioned', marks: [], restriction: { restriction: 'protective', restricted_until: null },
      audit: { action: 'auto_restrict', actor_id: null, subject_id: subjectId, target: `auto_restrict:${decision.id}`, reason_code: 'scam_or_spam', statement, created_at: nowIso },
    }, nowIso);
    await this.#tellMember(subject, { ...decision, overturned_at: null });
  }

  // ── Audit, stats ──

  async auditLog(pageNo: number, perPage: number): Promise<{ items: AuditEntry[]; pagination: Pagination }> {
    const { rows, total } = await this.deps.repo.auditPage(pageNo, perPage);
    return { items: rows.map(presentAudit), pagination: { current_page: pageNo, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total } };
  }

  async stats(from?: string, to?: string): Promise<ModerationStats> {
    const end = to ?? isoNow(this.deps.clock);
    const start = from ?? new Date(Date.parse(end) - 30 * 24 * 60 * 60 * 1000).toISOString();
    return presentStats(await this.deps.repo.stats(start, end), start, end);
  }

  // ── Member side ──

  async standing(userId: string): Promise<Standing> {
    const row = await this.deps.repo.member(userId);
    if (!row) throw notFound('member_not_found');
    const now = this.deps.clock.now();
    const [strikes, decisions] = await Promise.all([this.deps.repo.strikes(this.#keysOf(row)), this.deps.repo.decisionsOf(userId)]);
    const shown = decisions.filter((d) => policy.restricts(d.action));
    const appeals = new Map((await this.deps.repo.appealsOf(shown.map((d) => d.id))).map((a) => [a.decision_id, a]));
    return {
      status: policy.standing(row, strikes, now), strikes, until: policy.isRestricted(row, now) ? row.restricted_until : null,
      decisions: shown.map((d) => presentStandingDecision(d, appeals.get(d.id), now)),
    };
  }

  async fileAppeal(userId: string, body: { decision_id: string; text: string }): Promise<Appeal> {
    const decision = await this.deps.repo.decision(body.decision_id);
    if (!decision || decision.subject_id !== userId) throw notFound('decision_not_found');
    const now = this.deps.clock.now();
    if (!policy.restricts(decision.action) || decision.overturned_at !== null) {
      throw new AppError(409, MODERATION_MESSAGES.appealNotAllowed, { code: 'appeal_closed' });
    }
    if (Date.parse(policy.appealDeadline(decision.created_at)) <= now.getTime()) {
      throw new AppError(409, MODERATION_MESSAGES.appealClosed, { code: 'appeal_closed' });
    }
    const row = {
      id: newId(), decision_id: decision.id, member_id: userId, text: body.text, status: 'open', created_at: now.toISOString(),
      decided_at: null, decided_by: null, outcome_statement: null,
    };
    if (!(await this.deps.repo.createAppeal(row))) throw new AppError(409, MODERATION_MESSAGES.appealExists, { code: 'appeal_exists' });
    return { ...row, status: 'open' };
  }

  async appeals(status: 'open' | 'closed', pageNo: number, perPage: number): Promise<{ items: ModerationAppeal[]; pagination: Pagination }> {
    const { rows, total } = await this.deps.repo.appealsPage(status === 'open', pageNo, perPage);
    const summaries = await this.#summaries(rows.map((r) => r.member_id));
    const items: ModerationAppeal[] = [];
    for (const a of rows) {
      const decision = await this.deps.repo.decision(a.decision_id);
      if (!decision) continue;
      items.push(this.#presentAppeal(a, decision, summaries.get(a.member_id)!));
    }
    return { items, pagination: { current_page: pageNo, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total } };
  }

  #presentAppeal(a: { id: string; decision_id: string; member_id: string; text: string; status: string; created_at: string; decided_at: string | null; outcome_statement: string | null }, decision: DecisionRow, member: ModerationMemberSummary): ModerationAppeal {
    return {
      id: a.id, decision_id: a.decision_id, member_id: a.member_id, text: a.text, status: a.status as ModerationAppeal['status'],
      created_at: a.created_at, decided_at: a.decided_at, outcome_statement: a.outcome_statement, decision: presentDecision(decision), member,
    };
  }

  /** `POST /moderation/appeals/{id}/decision`: another moderator than the decider; overturning lifts the restriction and the strike. */
  async decideAppeal(moderatorId: string, appealId: string, body: { outcome: 'upheld' | 'overturned'; statement: string }): Promise<ModerationAppeal> {
    const appeal = await this.deps.repo.appeal(appealId);
    const decision = appeal ? await this.deps.repo.decision(appeal.decision_id) : undefined;
    if (!appeal || !decision) throw notFound('appeal_not_found');
    if (decision.moderator_id === moderatorId) throw new AppError(403, MODERATION_MESSAGES.sameModerator, { code: 'same_moderator' });
    if (appeal.status !== 'open') throw conflict('appeal_decided', 'This appeal has already been decided.');
    const member = await this.deps.repo.member(decision.subject_id);
    const lifts = body.outcome === 'overturned' && member && (policy.restrictionOf(decision.action) !== null || decision.action === 'auto_restrict');
    const now = isoNow(this.deps.clock);
    const audit: NewAudit = {
      action: 'appeal_decision', actor_id: moderatorId, subject_id: decision.subject_id, target: `${body.outcome}:${appeal.id}`,
      reason_code: decision.reason_code, statement: body.statement, created_at: now,
    };
    const done = await this.deps.repo.decideAppeal({
      appealId, decisionId: decision.id, subjectId: decision.subject_id, outcome: body.outcome, statement: body.statement, moderatorId,
      ...(lifts ? { restriction: { restriction: null, restricted_until: null } } : {}), audit, now,
    });
    if (!done) throw conflict('appeal_decided', 'This appeal has already been decided.');
    if (member) {
      await this.deps.notifier.notify({ userId: member.id, type: 'moderation_decision', subjectId: appeal.id, text: `appeal ${body.outcome}` });
      if (member.email) {
        const outcome = body.outcome === 'overturned' ? 'We overturned the decision and lifted what it restricted.' : 'We upheld the decision.';
        const text = `Hello ${member.name},\n\nAnother moderator reviewed your appeal. ${outcome}\nWhy: ${body.statement}\n\n— LinkUp`;
        try {
          await this.deps.mail.send({ to: member.email, subject: 'Your LinkUp appeal was reviewed', text });
        } catch (err) {
          this.deps.log.warn({ err }, 'appeal outcome e-mail failed');
        }
      }
    }
    const updated = (await this.deps.repo.appeal(appealId))!;
    const summaries = await this.#summaries([appeal.member_id]);
    return this.#presentAppeal(updated, (await this.deps.repo.decision(decision.id))!, summaries.get(appeal.member_id)!);
  }
}
