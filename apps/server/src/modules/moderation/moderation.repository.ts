import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { newId } from '../../lib/ids';

export interface MemberRow {
  id: string;
  name: string;
  email: string | null;
  phone_number: string | null;
  pending_phone_number: string | null;
  created_at: string;
  onboarding_completed_at: string | null;
  restriction: string | null;
  restricted_until: string | null;
}

export interface ReportRow {
  id: string;
  reporter_id: string | null;
  reported_id: string | null;
  reason: string;
  details: string | null;
  status: string;
  created_at: string;
  post_id: string | null;
  message_id: string | null;
  decision_id: string | null;
  decided_at: string | null;
}

export interface DecisionRow {
  id: string; subject_id: string; report_id: string | null; moderator_id: string | null; action: string; reason_code: string;
  statement: string; content: string | null; strike: boolean | number; automatic: boolean | number; until: string | null;
  created_at: string; overturned_at: string | null;
}

export interface AppealRow {
  id: string; decision_id: string; member_id: string; text: string; status: string; created_at: string;
  decided_at: string | null; decided_by: string | null; outcome_statement: string | null;
}

export interface AuditRow {
  id: string; action: string; actor_id: string | null; subject_id: string | null; target: string | null;
  reason_code: string | null; statement: string | null; created_at: string;
}

export type NewAudit = Omit<AuditRow, 'id'>;

/** What a decision writes, all in one transaction. */
export interface DecisionWrite {
  decision: Omit<DecisionRow, 'overturned_at'>;
  /** Reports it closes, and their new status. */
  reportIds: string[];
  reportStatus: 'dismissed' | 'actioned';
  /** Strike and ban marks (one per identity key). */
  marks: { key_hash: string; kind: 'strike' | 'ban' }[];
  /** The member's new restriction, when it changes. */
  restriction?: { restriction: string | null; restricted_until: string | null };
  /** The about text, removed in the transaction (photos and the post follow through their services). */
  removeContent?: { about: boolean };
  audit: NewAudit;
}

const MEMBER_COLUMNS = [
  'id', 'name', 'email', 'phone_number', 'pending_phone_number', 'created_at', 'onboarding_completed_at', 'restriction', 'restricted_until',
] as const;

/**
 * Moderation's reads and writes (issue 30). The audit log is append-only: this repository only
 * inserts into and reads `moderation_audit` — no method updates or deletes an entry.
 */
export class ModerationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  members(ids: readonly string[]): Promise<MemberRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('users').select(MEMBER_COLUMNS).where('id', 'in', [...new Set(ids)]).execute();
  }

  member(id: string): Promise<MemberRow | undefined> {
    return this.db.selectFrom('users').select(MEMBER_COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  /** Reports by status ('open', or every closed one), newest 500. */
  reportsByStatus(open: boolean): Promise<ReportRow[]> {
    return this.db.selectFrom('user_reports').selectAll()
      .where('status', open ? '=' : '!=', 'open').where('reported_id', 'is not', null)
      .orderBy('created_at', 'desc').limit(500).execute() as Promise<ReportRow[]>;
  }

  report(id: string): Promise<ReportRow | undefined> {
    return this.db.selectFrom('user_reports').selectAll().where('id', '=', id).executeTakeFirst() as Promise<ReportRow | undefined>;
  }

  reportsAgainst(subjectId: string): Promise<ReportRow[]> {
    return this.db.selectFrom('user_reports').selectAll().where('reported_id', '=', subjectId).orderBy('created_at', 'desc').limit(200).execute() as Promise<ReportRow[]>;
  }

  reportsFiledBy(reporterId: string): Promise<ReportRow[]> {
    return this.db.selectFrom('user_reports').selectAll().where('reporter_id', '=', reporterId).orderBy('created_at', 'desc').limit(200).execute() as Promise<ReportRow[]>;
  }

  /** Per reporter: reports filed and how many were dismissed. */
  async reporterCounts(reporterIds: readonly string[]): Promise<Map<string, { total: number; dismissed: number }>> {
    const map = new Map<string, { total: number; dismissed: number }>();
    if (reporterIds.length === 0) return map;
    const rows = await this.db.selectFrom('user_reports')
      .select(['reporter_id', sql<number>`count(*)`.as('total'), sql<number>`sum(case when status = 'dismissed' then 1 else 0 end)`.as('dismissed')])
      .where('reporter_id', 'in', [...new Set(reporterIds)]).groupBy('reporter_id').execute();
    for (const r of rows) map.set(r.reporter_id!, { total: Number(r.total), dismissed: Number(r.dismissed ?? 0) });
    return map;
  }

  /** Open reports per subject. */
  async openCounts(subjectIds: readonly string[]): Promise<Map<string, number>> {
    const map = new Map<string, number>();
    if (subjectIds.length === 0) return map;
    const rows = await this.db.selectFrom('user_reports').select(['reported_id', sql<number>`count(*)`.as('n')])
      .where('reported_id', 'in', [...new Set(subjectIds)]).where('status', '=', 'open').groupBy('reported_id').execute();
    for (const r of rows) map.set(r.reported_id!, Number(r.n));
    return map;
  }

  /** The subject's other open reports with this reason. */
  async openReportIds(subjectId: string, reason: string | null): Promise<string[]> {
    let query = this.db.selectFrom('user_reports').select('id').where('reported_id', '=', subjectId).where('status', '=', 'open');
    if (reason) query = query.where('reason', '=', reason);
    return (await query.execute()).map((r) => r.id);
  }

  evidence(reportId: string): Promise<{ snapshot: string; created_at: string } | undefined> {
    return this.db.selectFrom('report_evidence').select(['snapshot', 'created_at']).where('report_id', '=', reportId).executeTakeFirst();
  }

  decisionsOf(subjectId: string): Promise<DecisionRow[]> {
    return this.db.selectFrom('moderation_decisions').selectAll().where('subject_id', '=', subjectId).orderBy('created_at', 'desc').execute() as Promise<DecisionRow[]>;
  }

  decision(id: string): Promise<DecisionRow | undefined> {
    return this.db.selectFrom('moderation_decisions').selectAll().where('id', '=', id).executeTakeFirst() as Promise<DecisionRow | undefined>;
  }

  /** Strikes standing against any of the identity keys (one per decision). */
  async strikes(keys: readonly string[]): Promise<number> {
    if (keys.length === 0) return 0;
    const row = await this.db.selectFrom('moderation_marks').select(sql<number>`count(distinct decision_id)`.as('n'))
      .where('key_hash', 'in', [...keys]).where('kind', '=', 'strike').where('lifted_at', 'is', null).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Whether a ban stands against any of the identity keys. */
  async banned(keys: readonly string[]): Promise<boolean> {
    if (keys.length === 0) return false;
    const row = await this.db.selectFrom('moderation_marks').select('id')
      .where('key_hash', 'in', [...keys]).where('kind', '=', 'ban').where('lifted_at', 'is', null).executeTakeFirst();
    return row !== undefined;
  }

  /** Writes a decision, the reports it closes, its marks, restriction, removed content and audit entry in one transaction. */
  async applyDecision(write: DecisionWrite, now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const d = write.decision;
      await trx.insertInto('moderation_decisions').values({ ...d, strike: Boolean(d.strike), automatic: Boolean(d.automatic) }).execute();
      if (write.reportIds.length > 0) {
        await trx.updateTable('user_reports').set({ status: write.reportStatus, decision_id: d.id, decided_at: now })
          .where('id', 'in', write.reportIds).where('status', '=', 'open').execute();
      }
      for (const mark of write.marks) {
        await trx.insertInto('moderation_marks').values({ id: newId(), key_hash: mark.key_hash, decision_id: d.id, kind: mark.kind, created_at: now }).execute();
      }
      if (write.restriction) {
        await trx.updateTable('users').set({ ...write.restriction, updated_at: now }).where('id', '=', d.subject_id).execute();
      }
      if (write.removeContent) await removeContent(trx, d.subject_id, write.removeContent, now);
      await insertAudit(trx, write.audit);
    });
  }

  audit(entry: NewAudit): Promise<void> {
    return insertAudit(this.db, entry);
  }

  async auditPage(page: number, perPage: number): Promise<{ rows: AuditRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db.selectFrom('moderation_audit').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(perPage).offset((page - 1) * perPage).execute(),
      this.db.selectFrom('moderation_audit').select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
    ]);
    return { rows: rows as AuditRow[], total: Number(count?.n ?? 0) };
  }

  // ── Appeals ──

  appealOf(decisionId: string): Promise<AppealRow | undefined> {
    return this.db.selectFrom('moderation_appeals').selectAll().where('decision_id', '=', decisionId).executeTakeFirst() as Promise<AppealRow | undefined>;
  }

  appealsOf(decisionIds: readonly string[]): Promise<AppealRow[]> {
    if (decisionIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('moderation_appeals').selectAll().where('decision_id', 'in', [...decisionIds]).execute() as Promise<AppealRow[]>;
  }

  appeal(id: string): Promise<AppealRow | undefined> {
    return this.db.selectFrom('moderation_appeals').selectAll().where('id', '=', id).executeTakeFirst() as Promise<AppealRow | undefined>;
  }

  async appealsPage(open: boolean, page: number, perPage: number): Promise<{ rows: AppealRow[]; total: number }> {
    const base = this.db.selectFrom('moderation_appeals').where('status', open ? '=' : '!=', 'open');
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy('created_at').limit(perPage).offset((page - 1) * perPage).execute(),
      base.select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
    ]);
    return { rows: rows as AppealRow[], total: Number(count?.n ?? 0) };
  }

  /** Stores an appeal; false when the decision already has one. */
  async createAppeal(row: AppealRow): Promise<boolean> {
    const result = await this.db.insertInto('moderation_appeals').values(row)
      .onConflict((oc) => oc.column('decision_id').doNothing()).executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /**
   * Decides an open appeal in one transaction; overturning marks the decision overturned, lifts its
   * strike and ban marks and, when `restriction` is given, the member's restriction.
   */
  async decideAppeal(input: {
    appealId: string; decisionId: string; subjectId: string; outcome: 'upheld' | 'overturned'; statement: string; moderatorId: string;
    restriction?: { restriction: string | null; restricted_until: string | null }; audit: NewAudit; now: string;
  }): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const updated = await trx.updateTable('moderation_appeals')
        .set({ status: input.outcome, decided_at: input.now, decided_by: input.moderatorId, outcome_statement: input.statement })
        .where('id', '=', input.appealId).where('status', '=', 'open').executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
      if (input.outcome === 'overturned') {
        await trx.updateTable('moderation_decisions').set({ overturned_at: input.now }).where('id', '=', input.decisionId).execute();
        await trx.updateTable('moderation_marks').set({ lifted_at: input.now }).where('decision_id', '=', input.decisionId).where('lifted_at', 'is', null).execute();
        if (input.restriction) {
          await trx.updateTable('users').set({ ...input.restriction, updated_at: input.now }).where('id', '=', input.subjectId).execute();
        }
      }
      await insertAudit(trx, input.audit);
      return true;
    });
  }

  // ── Stats ──

  async stats(from: string, to: string): Promise<{
    reports: { reason: string; n: number }[]; actions: { action: string; n: number }[];
    decidedReports: { created_at: string; decided_at: string }[]; appeals: { status: string; n: number }[];
  }> {
    const [reports, actions, decidedReports, appeals] = await Promise.all([
      this.db.selectFrom('user_reports').select(['reason', sql<number>`count(*)`.as('n')]).where('created_at', '>=', from).where('created_at', '<', to).groupBy('reason').execute(),
      this.db.selectFrom('moderation_decisions').select(['action', sql<number>`count(*)`.as('n')]).where('created_at', '>=', from).where('created_at', '<', to).groupBy('action').execute(),
      this.db.selectFrom('user_reports').select(['created_at', 'decided_at']).where('decided_at', 'is not', null)
        .where('decided_at', '>=', from).where('decided_at', '<', to).execute(),
      this.db.selectFrom('moderation_appeals').select(['status', sql<number>`count(*)`.as('n')]).where('created_at', '>=', from).where('created_at', '<', to).groupBy('status').execute(),
    ]);
    return {
      reports: reports.map((r) => ({ reason: r.reason, n: Number(r.n) })),
      actions: actions.map((r) => ({ action: r.action, n: Number(r.n) })),
      decidedReports: decidedReports as { created_at: string; decided_at: string }[],
      appeals: appeals.map((r) => ({ status: r.status, n: Number(r.n) })),
    };
  }
}

async function insertAudit(db: Kysely<Database> | Transaction<Database>, entry: NewAudit): Promise<void> {
  await db.insertInto('moderation_audit').values({ id: newId(), ...entry }).execute();
}

async function removeContent(trx: Transaction<Database>, userId: string, content: { about: boolean }, now: string): Promise<void> {
  if (content.about) await trx.updateTable('users').set({ about: null, updated_at: now }).where('id', '=', userId).execute();
}
