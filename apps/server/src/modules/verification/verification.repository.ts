import type { Kysely, Selectable } from 'kysely';
import type { Database, VerificationAttemptsTable, VerificationChallengesTable } from '../../db/schema';

export type ChallengeRow = Selectable<VerificationChallengesTable>;
export type AttemptRow = Selectable<VerificationAttemptsTable>;

/** Photo verification's rows (issue 31): challenges, attempts and their hashes, templates, the badge. */
export class VerificationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A new challenge; the member's earlier open ones close (one open challenge per member). */
  async createChallenge(row: ChallengeRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('verification_challenges').set({ used_at: row.created_at })
        .where('user_id', '=', row.user_id).where('used_at', 'is', null).execute();
      await trx.insertInto('verification_challenges').values(row).execute();
    });
  }

  /** Takes the member's open challenge `id` (once); undefined when it is not theirs or was used. */
  async useChallenge(id: string, userId: string, now: string): Promise<ChallengeRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('verification_challenges').selectAll()
        .where('id', '=', id).where('user_id', '=', userId).where('used_at', 'is', null).executeTakeFirst();
      if (!row) return undefined;
      const taken = await trx.updateTable('verification_challenges').set({ used_at: now })
        .where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
      return Number(taken.numUpdatedRows) === 1 ? row : undefined;
    });
  }

  /** Stores an attempt with its selfies' hashes. */
  async addAttempt(row: AttemptRow, hashes: readonly { id: string; hash: string }[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('verification_attempts').values(row).execute();
      if (hashes.length) {
        await trx.insertInto('verification_hashes')
          .values(hashes.map((h) => ({ id: h.id, user_id: row.user_id, attempt_id: row.id, hash: h.hash, created_at: row.created_at })))
          .execute();
      }
    });
  }

  /** The selfie hashes of every other account. */
  async hashesOfOthers(userId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('verification_hashes').select('hash').where('user_id', '!=', userId).execute();
    return rows.map((r) => r.hash);
  }

  async attemptsSince(userId: string, since: string): Promise<number> {
    const row = await this.db.selectFrom('verification_attempts').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId).where('created_at', '>=', since).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  latestAttempt(userId: string): Promise<AttemptRow | undefined> {
    return this.db.selectFrom('verification_attempts').selectAll().where('user_id', '=', userId)
      .orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  }

  attempt(id: string): Promise<AttemptRow | undefined> {
    return this.db.selectFrom('verification_attempts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  openReviewOf(userId: string): Promise<AttemptRow | undefined> {
    return this.db.selectFrom('verification_attempts').selectAll()
      .where('user_id', '=', userId).where('review_status', '=', 'open').executeTakeFirst();
  }

  /** Attempts a moderator reviews (open) or reviewed (closed), with the member's name; critical first, then oldest. */
  reviews(status: 'open' | 'closed'): Promise<(AttemptRow & { name: string | null })[]> {
    return this.db.selectFrom('verification_attempts as a').leftJoin('users as u', 'u.id', 'a.user_id')
      .selectAll('a').select('u.name')
      .where('a.review_status', '=', status)
      .orderBy('a.created_at', status === 'open' ? 'asc' : 'desc')
      .limit(500)
      .execute();
  }

  /** Closes a review with its decision; the selfies' keys go (their files are deleted by the caller). */
  async closeReview(id: string, decision: 'approve' | 'reject', moderatorId: string, reasons: readonly string[], now: string): Promise<boolean> {
    const result = await this.db.updateTable('verification_attempts')
      .set({
        review_status: 'closed', decision, decided_by: moderatorId, decided_at: now, selfie_keys: null,
        status: decision === 'approve' ? 'verified' : 'rejected', reasons: JSON.stringify(reasons),
      })
      .where('id', '=', id).where('review_status', '=', 'open')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The badge on, with the encrypted face template (one per member). */
  async setVerified(userId: string, template: string, now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ verified_at: now }).where('id', '=', userId).execute();
      await trx.deleteFrom('verification_templates').where('user_id', '=', userId).execute();
      await trx.insertInto('verification_templates').values({ user_id: userId, template, created_at: now }).execute();
    });
  }

  /** The badge off: the template goes with it. */
  async unverify(userId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ verified_at: null }).where('id', '=', userId).execute();
      await trx.deleteFrom('verification_templates').where('user_id', '=', userId).execute();
    });
  }

  async verifiedAt(userId: string): Promise<string | null> {
    const row = await this.db.selectFrom('users').select('verified_at').where('id', '=', userId).executeTakeFirst();
    return row?.verified_at ?? null;
  }

  async template(userId: string): Promise<string | null> {
    const row = await this.db.selectFrom('verification_templates').select('template').where('user_id', '=', userId).executeTakeFirst();
    return row?.template ?? null;
  }

  /** Storage keys of the member's photos, the main one first. */
  async photoKeys(userId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('user_photos').select(['storage_key', 'is_primary', 'position'])
      .where('user_id', '=', userId).orderBy('position', 'asc').execute();
    const main = rows.filter((r) => Boolean(r.is_primary));
    return [...main, ...rows.filter((r) => !r.is_primary)].map((r) => r.storage_key);
  }

  /** Selfie keys still stored for the member (open reviews), for account deletion. */
  async storedSelfieKeys(userId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('verification_attempts').select('selfie_keys')
      .where('user_id', '=', userId).where('selfie_keys', 'is not', null).execute();
    return rows.flatMap((r) => JSON.parse(r.selfie_keys!) as string[]);
  }

  /** What the account export lists of verification. */
  async kept(userId: string): Promise<{ attempts: AttemptRow[]; hashes: number; template: boolean }> {
    const [attempts, hashes, template] = await Promise.all([
      this.db.selectFrom('verification_attempts').selectAll().where('user_id', '=', userId).orderBy('created_at', 'asc').execute(),
      this.db.selectFrom('verification_hashes').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirst(),
      this.template(userId),
    ]);
    return { attempts, hashes: Number(hashes?.n ?? 0), template: template !== null };
  }
}
