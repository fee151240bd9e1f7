import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { CountingExecutor } from '../../lib/limit-counters.repository';
import { toBool } from '../../db/schema';
import { pairKey } from '../../lib/pair-key';
import { blockedEitherWay, unmatchedWith } from '../shared/blocks.repository';
import { takeSnapshot, type ReportSnapshot } from '../shared/report-evidence.repository';
import type { ReportTarget, ReportedMessage } from './safety.policy';

/** A member I blocked, by the name they had when I did (never a name or photo chosen since). */
export interface BlockRow {
  id: string;
  name: string;
  blocked_at: string;
}

export interface ReportRow {
  id: string;
  reason: string;
  created_at: string;
}

/** SQL of blocks and reports. */
export class SafetyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` in one transaction: this repository bound to it, and the transaction for the limiter to count in. */
  transaction<T>(work: (tx: SafetyRepository, within: CountingExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new SafetyRepository(trx), trx));
  }

  findMember(id: string): Promise<{ id: string; name: string } | undefined> {
    return this.db.selectFrom('users').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  }

  /**
   * Blocks `blockedId`; false when it already was (the first block's time and names stay). The
   * row keeps both names as they are now — but a block back keeps the name the other member had
   * when they blocked first, the last one the blocker could see.
   */
  async block(blockerId: string, blockedId: string, now: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const [names, earlier] = await Promise.all([
        trx.selectFrom('users').select(['id', 'name']).where('id', 'in', [blockerId, blockedId]).execute(),
        trx.selectFrom('user_blocks').select('blocker_name').where('blocker_id', '=', blockedId).where('blocked_id', '=', blockerId).executeTakeFirst(),
      ]);
      const nameOf = (id: string) => names.find((n) => n.id === id)?.name ?? null;
      const row = await trx
        .insertInto('user_blocks')
        .values({
          blocker_id: blockerId, blocked_id: blockedId, created_at: now,
          blocked_name: earlier?.blocker_name ?? nameOf(blockedId), blocker_name: nameOf(blockerId),
        })
        .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
        .returning('blocker_id')
        .executeTakeFirst();
      return row !== undefined;
    });
  }

  /** Lifts my block; false when there was none. A block the other member made stays. */
  async unblock(blockerId: string, blockedId: string): Promise<boolean> {
    const rows = await this.db
      .deleteFrom('user_blocks')
      .where('blocker_id', '=', blockerId)
      .where('blocked_id', '=', blockedId)
      .returning('blocker_id')
      .execute();
    return rows.length > 0;
  }

  /** Members I blocked, newest block first, by the name they had when I blocked them. */
  async listBlocks(blockerId: string, limit: number, offset: number, blockedId?: string): Promise<BlockRow[]> {
    let query = this.db
      .selectFrom('user_blocks as b')
      .innerJoin('users as u', 'u.id', 'b.blocked_id')
      .select((eb) => ['u.id', eb.fn.coalesce('b.blocked_name', 'u.name').as('name'), 'b.created_at as blocked_at'])
      .where('b.blocker_id', '=', blockerId)
      .orderBy('b.created_at', 'desc')
      .orderBy('u.id')
      .limit(limit)
      .offset(offset);
    if (blockedId) query = query.where('b.blocked_id', '=', blockedId);
    return query.execute();
  }

  async countBlocks(blockerId: string): Promise<number> {
    const row = await this.db.selectFrom('user_blocks').select(sql<number>`count(*)`.as('n')).where('blocker_id', '=', blockerId).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * This member's latest report of that member since `since`, if any (also once the reported
   * member's account is gone: its evidence names them).
   */
  findReportSince(reporterId: string, reportedId: string, since: string): Promise<ReportRow | undefined> {
    return this.db
      .selectFrom('user_reports as r')
      .leftJoin('report_evidence as e', 'e.report_id', 'r.id')
      .select(['r.id', 'r.reason', 'r.created_at'])
      .where('r.reporter_id', '=', reporterId)
      .where((eb) => eb.or([eb('r.reported_id', '=', reportedId), eb('e.reported_user_id', '=', reportedId)]))
      .where('r.created_at', '>=', since)
      .orderBy('r.created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * A report and its evidence. `reportedId` null: the reported member's account is gone (the
   * evidence names them).
   */
  async insertReport(row: {
    id: string; reporterId: string; reportedId: string | null; reason: string; details: string | null; postId: string | null;
    messageId: string | null; now: string; evidence: { reportedUserId: string; snapshot: ReportSnapshot };
  }): Promise<void> {
    await this.db
      .insertInto('user_reports')
      .values({
        id: row.id, reporter_id: row.reporterId, reported_id: row.reportedId, reason: row.reason, details: row.details, post_id: row.postId,
        message_id: row.messageId, created_at: row.now,
      })
      .execute();
    await this.db
      .insertInto('report_evidence')
      .values({ report_id: row.id, reported_user_id: row.evidence.reportedUserId, snapshot: JSON.stringify(row.evidence.snapshot), created_at: row.now })
      .execute();
  }

  /**
   * Where `reporterId` stands with `targetId` (see ReportTarget): their account, blocked either
   * way or unmatched, and whether the two had contact — a room, a match (on or ended), a like
   * either way, a visit either way, the reporter's block of them, or (their account deleted) a
   * departed contact kept for the reporter.
   */
  async reportTarget(reporterId: string, targetId: string): Promise<ReportTarget> {
    const key = pairKey(reporterId, targetId);
    const row = await this.db
      .selectFrom('users as u')
      .select((eb) => [
        'u.id',
        blockedEitherWay(eb, reporterId, 'u.id').as('blocked'),
        unmatchedWith(eb, reporterId, 'u.id').as('unmatched'),
        eb.or([
          eb.exists(eb.selectFrom('chat_rooms').select('chat_rooms.id').where('chat_rooms.pair_key', '=', key)),
          eb.exists(eb.selectFrom('matches').select('matches.id').where('matches.pair_key', '=', key)),
          eb.exists(eb.selectFrom('swipes').select('swipes.actor_id').where('swipes.action', '!=', 'pass').where((w) => w.or([
            w.and([w('swipes.actor_id', '=', reporterId), w('swipes.target_id', '=', targetId)]),
            w.and([w('swipes.actor_id', '=', targetId), w('swipes.target_id', '=', reporterId)]),
          ]))),
          eb.exists(eb.selectFrom('profile_visits').select('profile_visits.id').where((w) => w.or([
            w.and([w('profile_visits.viewer_id', '=', reporterId), w('profile_visits.viewed_id', '=', targetId)]),
            w.and([w('profile_visits.viewer_id', '=', targetId), w('profile_visits.viewed_id', '=', reporterId)]),
          ]))),
          eb.exists(eb.selectFrom('user_blocks').select('user_blocks.blocker_id')
            .where('user_blocks.blocker_id', '=', reporterId).where('user_blocks.blocked_id', '=', targetId)),
        ]).as('contact'),
      ])
      .where('u.id', '=', targetId)
      .executeTakeFirst();
    if (row) {
      return {
        exists: true,
        pair: { blocked: toBool(row.blocked as boolean | number), unmatched: toBool(row.unmatched as boolean | number) },
        hadContact: toBool(row.contact as boolean | number),
      };
    }
    return { exists: false, pair: { blocked: false, unmatched: false }, hadContact: (await this.departedContact(targetId, reporterId)) !== undefined };
  }

  /** The evidence kept for `memberId` when `departedId` deleted their account, if the two had contact. */
  async departedContact(departedId: string, memberId: string): Promise<ReportSnapshot | undefined> {
    const row = await this.db.selectFrom('departed_contacts').select('snapshot')
      .where('departed_id', '=', departedId).where('member_id', '=', memberId).executeTakeFirst();
    return row ? (JSON.parse(row.snapshot) as ReportSnapshot) : undefined;
  }

  /** The evidence of a report of `reportedId` by `reporterId`, now: the member as they are, or as they were before deleting their account. */
  async snapshot(reportedId: string, reporterId: string, now: string): Promise<ReportSnapshot | undefined> {
    return (await takeSnapshot(this.db, reportedId, reporterId, now)) ?? this.departedContact(reportedId, reporterId);
  }

  /** A chat message as a report of it sees it: its author and whether it is in the pair's room. */
  async messageForReport(messageId: string, reporterId: string, reportedId: string): Promise<ReportedMessage | undefined> {
    const row = await this.db.selectFrom('chat_messages as m').innerJoin('chat_rooms as r', 'r.id', 'm.room_id')
      .select(['m.user_id', 'r.pair_key']).where('m.id', '=', messageId).executeTakeFirst();
    if (row) return { user_id: row.user_id, inPairRoom: row.pair_key === pairKey(reporterId, reportedId) };
    // Their account is gone: the message is one the evidence kept for the reporter.
    const kept = (await this.departedContact(reportedId, reporterId))?.messages.find((m) => m.id === messageId && !m.deleted);
    return kept ? { user_id: kept.user_id, inPairRoom: true } : undefined;
  }

  /** Whether `postId` is a feed post of `userId`. */
  async isPostOf(postId: string, userId: string): Promise<boolean> {
    const row = await this.db.selectFrom('feed_posts').select('id').where('id', '=', postId).where('user_id', '=', userId).executeTakeFirst();
    return row !== undefined;
  }
}
