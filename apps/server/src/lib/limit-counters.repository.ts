import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** An executor to count with: the app's database, or the transaction of the work being limited. */
export type CountingExecutor = Kysely<Database>;

/** SQL of the limiter's database store (`DatabaseLimiter` in limiter.ts). */
export class LimitCountersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Counts one use of `key` in one statement: a key without a live window starts one (count 1,
   * ending at `expiresAt`), otherwise its count goes up by one. Parallel uses of a key queue on
   * its row (PostgreSQL) or on the writer lock (SQLite), so each gets its own count. Answers the
   * count including this use, and when its window ends.
   */
  async increment(key: string, now: string, expiresAt: string, within: CountingExecutor = this.db): Promise<{ count: number; expiresAt: string }> {
    const ended = sql<boolean>`limit_counters.expires_at <= ${now}`;
    const row = await within
      .insertInto('limit_counters')
      .values({ key, count: 1, window_start: now, expires_at: expiresAt })
      .onConflict((oc) => oc.column('key').doUpdateSet({
        count: sql<number>`case when ${ended} then 1 else limit_counters.count + 1 end`,
        window_start: sql<string>`case when ${ended} then excluded.window_start else limit_counters.window_start end`,
        expires_at: sql<string>`case when ${ended} then excluded.expires_at else limit_counters.expires_at end`,
      }))
      .returning(['count', 'expires_at'])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), expiresAt: row.expires_at };
  }

  /** Takes one use of a live window back (never below zero). */
  async decrement(key: string, now: string): Promise<void> {
    await this.db
      .updateTable('limit_counters')
      .set({ count: sql<number>`count - 1` })
      .where('key', '=', key)
      .where('count', '>', 0)
      .where('expires_at', '>', now)
      .execute();
  }

  async remove(key: string): Promise<void> {
    await this.db.deleteFrom('limit_counters').where('key', '=', key).execute();
  }

  /** Windows that ended before `now` count for nothing. */
  async prune(now: string): Promise<void> {
    await this.db.deleteFrom('limit_counters').where('expires_at', '<=', now).execute();
  }
}
