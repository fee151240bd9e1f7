import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query';
import type { Database } from '../../db/schema';

/** Compiled once: every notification asks it (see `preparedQuery`). */
const isPremiumQuery = preparedQuery<{ userId: string; now: string }, { id: string }>((db, param) => db
  .selectFrom('subscriptions')
  .select('id')
  .where('user_id', '=', param('userId'))
  .where('starts_at', '<=', param('now'))
  .where('ends_at', '>', param('now'))
  .limit(1));

/**
 * What premium checks read (the periods themselves are written by the subscriptions module's
 * repository, their owner). Premium is a subscription whose period covers now (DESIGN §6: enforced on the server). A
 * cancelled subscription stays premium until its period ends. Times are ISO strings of the
 * caller's clock.
 */
export class EntitlementsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async isPremium(userId: string, now: string): Promise<boolean> {
    return (await isPremiumQuery(this.db, { userId, now })).rows.length > 0;
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
