import { sql, type Kysely } from 'kysely';
import type { Database, OtpCodeRow } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { ErasedMember } from '../shared/member-erasure';

/** One-time codes: stored hashed, one live code per number. */
export class OtpRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Account deletion: codes are keyed by number, so they go by hand. */
  async deleteForMember(db: Kysely<Database>, member: ErasedMember): Promise<void> {
    if (member.phone_number) await db.deleteFrom('otp_codes').where('phone_number', '=', member.phone_number).execute();
  }

  /** The newest unconsumed, unexpired code of a number (dead-by-attempts included). */
  latestLive(mobile: string, now: string): Promise<OtpCodeRow | undefined> {
    return this.db
      .selectFrom('otp_codes')
      .selectAll()
      .where('phone_number', '=', mobile)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Replaces any live code of the number with a new one. */
  async replace(input: { mobile: string; codeHash: string; now: string; expiresAt: string }): Promise<OtpCodeRow> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('otp_codes')
        .set({ consumed_at: input.now })
        .where('phone_number', '=', input.mobile)
        .where('consumed_at', 'is', null)
        .execute();
      const row: OtpCodeRow = {
        id: newId(), phone_number: input.mobile, code_hash: input.codeHash, attempts: 0,
        created_at: input.now, last_sent_at: input.now, expires_at: input.expiresAt, consumed_at: null,
      };
      await trx.insertInto('otp_codes').values(row).execute();
      return row;
    });
  }

  /**
   * Counts a try of the code before it is compared, never past the maximum, in one statement, so
   * parallel guesses cannot all be compared before any was counted: the tries counted so far, this
   * one included; 'locked' once the code's tries are used up; 'gone' when it was used or replaced meanwhile.
   */
  async takeAttempt(id: string, maxAttempts: number): Promise<{ attempts: number } | 'locked' | 'gone'> {
    const row = await this.db
      .updateTable('otp_codes')
      .set({ attempts: sql`attempts + 1` })
      .where('id', '=', id)
      .where('attempts', '<', maxAttempts)
      .returning(['consumed_at', 'attempts'])
      .executeTakeFirst();
    if (!row) return 'locked';
    return row.consumed_at === null ? { attempts: Number(row.attempts) } : 'gone';
  }

  /** Uses a code up; false when another request used it first. */
  async consume(id: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('otp_codes')
      .set({ consumed_at: now })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async prune(before: string): Promise<void> {
    await this.db.deleteFrom('otp_codes').where('expires_at', '<', before).execute();
  }
}
