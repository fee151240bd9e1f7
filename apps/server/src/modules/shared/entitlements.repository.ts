import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query';
import type { Remembered } from '../../db/remembered';
import { rememberedById, type RowWatch } from '../../db/row-changes';
import type { Database } from '../../db/schema';

/** Compiled once: every notification asks it (see `preparedQuery`). */
const isPremiumQuery = preparedQuery<{ userId: string; now: string }, { id: string }>((db, param) => db
  .selectFrom('subscriptions')
  .select('id')
  .where('user_id', '=', param('userId'))
  .where('starts_at', '<=', param('now'))
  .where('ends_at', '>', param('now'))
  .limit(1));

/** A member's periods that had not ended when read: whether they are premium at any later time. */
const periodsQuery = preparedQuery<{ userId: string; now: string }, { starts_at: string; ends_at: string }>((db, param) => db
  .selectFrom('subscriptions')
  .select(['starts_at', 'ends_at'])
  .where('user_id', '=', param('userId'))
  .where('ends_at', '>', param('now')));

/** A member's periods as kept: start and end in epoch milliseconds. */
type Periods = readonly { starts: number; ends: number }[];

/** A change of a member's periods makes the cache forget them. */
const PERIOD_ROWS: readonly RowWatch<'member'>[] = [{ table: 'subscriptions', inserts: true, report: { user_id: 'member' } }];

/** Members whose periods are kept (the members sending and receiving now). */
const REMEMBERED_MEMBERS = 10_000;

export interface EntitlementsRepositoryOptions {
  /**
   * Keep members' periods between checks (every notification and every gate asks); needs a
   * database that reports every change of them to this process (see `watchRowChanges`).
   */
  remember?: boolean;
}

/**
 * What premium checks read (the periods themselves are written by the subscriptions module's
 * repository, their owner). Premium is a subscription whose period covers now (DESIGN §6: enforced on the server). A
 * cancelled subscription stays premium until its period ends. Times are ISO strings of the
 * caller's clock.
 */
export class EntitlementsRepository {
  readonly #periods: Remembered<Periods> | undefined;

  constructor(private readonly db: Kysely<Database>, options: EntitlementsRepositoryOptions = {}) {
    this.#periods = rememberedById<Periods>(db, PERIOD_ROWS, REMEMBERED_MEMBERS, options.remember);
  }

  async isPremium(userId: string, now: string): Promise<boolean> {
    const cache = this.#periods;
    if (!cache) return (await isPremiumQuery(this.db, { userId, now })).rows.length > 0;
    // Kept from a read at or before `now`: a period that had ended then has ended now too.
    const at = Date.parse(now);
    const periods = await cache.get(userId, at, async () => ({
      value: (await periodsQuery(this.db, { userId, now })).rows.map((r) => ({ starts: Date.parse(r.starts_at), ends: Date.parse(r.ends_at) })),
    }));
    return periods.some((p) => p.starts <= at && at < p.ends);
  }

  /** When the member's premium ends (the last paid-for period), or null when they are not premium. */
  async premiumUntil(userId: string, now: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('subscriptions')
      .select((eb) => eb.fn.max('ends_at').as('ends_at'))
      .where('user_id', '=', userId)
      .where('ends_at', '>', now)
      .executeTakeFirst();
    return row?.ends_at ? String(row.ends_at) : null;
  }
}
