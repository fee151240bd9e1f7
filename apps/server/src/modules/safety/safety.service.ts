import { SAFETY_MESSAGES, type BlockedMember, type ReportReason, type ReportResult, type ReportValues } from '@linkup/contract';
import { pageOf, type Page } from '../../lib/page';
import { tooManyRequests } from '../../lib/http-errors';
import { newId } from '../../lib/ids';
import { isoNow, type Clock } from '../../lib/clock';
import type { Limiter } from '../../lib/limiter';
import { addMs } from '../../lib/time';
import type { SafetyRepository } from './safety.repository';
import { presentBlockedMember } from './safety.presenter';
import { safetyPolicy } from './safety.policy';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What else must happen when two members are blocked (the chat hides their room). */
export type OnBlocked = (blockerId: string, blockedId: string) => Promise<void>;


/**
 * Blocking and reporting. A block is one row (blocker → blocked) that every query reads both
 * ways; a report is stored for moderation, at most `reportsPerDay` a member a day, once per
 * reported member a day — both counted by the limiter in the report's transaction, before it is
 * stored.
 */
export class SafetyService {
  constructor(
    private readonly repo: SafetyRepository,
    private readonly onBlocked: OnBlocked,
    private readonly limits: { reportsPerDay: number },
    private readonly clock: Clock,
    private readonly limiter: Limiter,
    /** After a new report is stored (issue 30: moderation alerts and automatic restrictions). */
    private readonly onReported: (report: { id: string; reason: string; reportedId: string }) => Promise<void> = async () => {},
  ) {}

  /** Blocks a member; `created` false when already blocked (idempotent). */
  async block(userId: string, targetId: string): Promise<{ member: BlockedMember; created: boolean }> {
    safetyPolicy.assertNotSelf(userId, targetId, SAFETY_MESSAGES.blockSelf);
    safetyPolicy.assertMember(await this.repo.findMember(targetId));
    const created = await this.blockPair(userId, targetId);
    const [row] = await this.repo.listBlocks(userId, 1, 0, targetId);
    // Unblocked or deleted in between: answer with what was just done.
    safetyPolicy.assertMember(row);
    return { member: presentBlockedMember(row), created };
  }

  /** Lifts my block of a member (nothing to lift is fine). A block they made of me stays. */
  async unblock(userId: string, targetId: string): Promise<void> {
    safetyPolicy.assertNotSelf(userId, targetId, SAFETY_MESSAGES.blockSelf);
    safetyPolicy.assertMember(await this.repo.findMember(targetId));
    await this.repo.unblock(userId, targetId);
  }

  async listBlocks(userId: string, page: number, perPage: number): Promise<Page<BlockedMember>> {
    const [total, rows] = await Promise.all([this.repo.countBlocks(userId), this.repo.listBlocks(userId, perPage, (page - 1) * perPage)]);
    return pageOf(rows.map((row) => presentBlockedMember(row)), total, page, perPage);
  }

  /**
   * Files a report (and blocks when asked). Anyone one can see, and — after an unmatch, a block or
   * their account deletion — anyone one had contact with (issue 29; else 404, see the policy).
   * The report keeps an evidence snapshot taken now (their name, photos, bio, post and the pair's
   * last messages; for a deleted account, the one taken before it went). The same member reported
   * again within the day is answered with the first report (`created` false) and does not count
   * against the limit. Both counts are taken in the report's transaction before it is stored: a
   * parallel report of the same member waits for this one to commit, then finds it.
   */
  async report(userId: string, targetId: string, body: ReportValues): Promise<{ report: ReportResult; created: boolean }> {
    safetyPolicy.assertNotSelf(userId, targetId, SAFETY_MESSAGES.reportSelf);
    const target = await this.repo.reportTarget(userId, targetId);
    safetyPolicy.assertMayReport(target);
    const now = isoNow(this.clock);
    const postId = body.post_id ?? null;
    if (postId !== null && !(await this.repo.isPostOf(postId, targetId))) safetyPolicy.assertPost(undefined);
    const messageId = body.message_id ?? null;
    if (messageId !== null) safetyPolicy.assertMessageOf(await this.repo.messageForReport(messageId, userId, targetId), targetId);
    // Blocking a deleted account has nothing left to block.
    const blocked = body.block === true && target.exists;

    const id = newId();
    const earlier = await this.repo.transaction(async (tx, within) => {
      if (!(await this.limiter.take(`report:${userId}:member:${targetId}`, 1, DAY_MS, within))) {
        const first = await tx.findReportSince(userId, targetId, addMs(now, -DAY_MS));
        if (!first) throw tooManyRequests('report_limit', SAFETY_MESSAGES.reportLimit);
        return first;
      }
      if (!(await this.limiter.take(`report:${userId}`, this.limits.reportsPerDay, DAY_MS, within))) {
        throw tooManyRequests('report_limit', SAFETY_MESSAGES.reportLimit);
      }
      const snapshot = await tx.snapshot(targetId, userId, now);
      // Deleted in between, without contact kept: as if unknown.
      safetyPolicy.assertMember(snapshot);
      await tx.insertReport({
        id, reporterId: userId, reportedId: target.exists ? targetId : null, reason: body.reason, details: body.details ?? null, postId, messageId, now,
        evidence: { reportedUserId: targetId, snapshot },
      });
      return null;
    });
    if (blocked) await this.blockPair(userId, targetId);
    if (earlier) return { report: { id: earlier.id, reason: earlier.reason as ReportReason, blocked, created_at: earlier.created_at }, created: false };
    await this.onReported({ id, reason: body.reason, reportedId: targetId });
    return { report: { id, reason: body.reason, blocked, post_id: postId, message_id: messageId, created_at: now }, created: true };
  }

  private async blockPair(blockerId: string, blockedId: string): Promise<boolean> {
    const created = await this.repo.block(blockerId, blockedId, isoNow(this.clock));
    // Also when the block already existed: a retry after a lost answer still hides the room.
    await this.onBlocked(blockerId, blockedId);
    return created;
  }
}
