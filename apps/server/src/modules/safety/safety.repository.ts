import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { CountingExecutor } from '../../lib/limit-counters.repository';

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

  /** This member's latest report of that member since `since`, if any. */
  findReportSince(reporterId: string, reportedId: string, since: string): Promise<ReportRow | undefined> {
    return this.db
      .selectFrom('user_reports')
      .select(['id', 'reason', 'created_at'])
      .where('reporter_id', '=', reporterId)
      .where('reported_id', '=', reportedId)
      .where('created_at', '>=', since)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async insertReport(row: { id: string; reporterId: string; reportedId: string; reason: string; details: string | null; postId: string | null; now: string }): Promise<void> {
    await this.db
      .insertInto('user_reports')
      .values({ id: row.id, reporter_id: row.reporterId, reported_id: row.reportedId, reason: row.reason, details: row.details, post_id: row.postId, created_at: row.now })
      .execute();
  }

  /** Whether `postId` is a feed post of `userId`. */
  async isPostOf(postId: string, userId: string): Promise<boolean> {
    const row = await this.db.selectFrom('feed_posts').select('id').where('id', '=', postId).where('user_id', '=', userId).executeTakeFirst();
    return row !== undefined;
  }
}
