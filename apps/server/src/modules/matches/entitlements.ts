import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { newId } from '../../lib/ids';
import { nowIso } from '../../lib/time';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Premium is a subscription whose period covers now (DESIGN §6: enforced on the server). A
 * cancelled subscription stays premium until its period ends.
 */
export async function isPremium(db: Kysely<Database>, userId: string, now = nowIso()): Promise<boolean> {
  const row = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** When the member's premium ends, or null when they are not premium. */
export async function premiumUntil(db: Kysely<Database>, userId: string, now = nowIso()): Promise<string | null> {
  const row = await db
    .selectFrom('subscriptions')
    .select((eb) => eb.fn.max('ends_at').as('ends_at'))
    .where('user_id', '=', userId)
    .where('ends_at', '>', now)
    .executeTakeFirst();
  return row?.ends_at ? String(row.ends_at) : null;
}

/**
 * Grants `days` of premium, starting when the current premium ends (or now), so grants add up.
 * Used by the admin CLI until purchases exist.
 */
export async function grantPremium(db: Kysely<Database>, userId: string, days: number, plan = 'admin_grant'): Promise<{ starts_at: string; ends_at: string }> {
  const now = nowIso();
  const current = await premiumUntil(db, userId, now);
  const startsAt = current ?? now;
  const endsAt = new Date(new Date(startsAt).getTime() + days * DAY_MS).toISOString();
  await db
    .insertInto('subscriptions')
    .values({ id: newId(), user_id: userId, plan, source: 'admin', starts_at: startsAt, ends_at: endsAt, cancelled_at: null, created_at: now })
    .execute();
  return { starts_at: startsAt, ends_at: endsAt };
}
