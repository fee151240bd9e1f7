import type { Kysely } from 'kysely';

/**
 * Payments, one transaction per provider event (issue 27). A payment may own two periods: the
 * paid period it bought and, for a renewal whose charge failed first, the grace that ran while
 * the provider retried. One unique index per (payment, source) instead of per payment: a renewal
 * that failed and was then paid (the provider's retry of the same invoice) gets its paid period,
 * where before the grace held the payment's one slot and the conditional insert quietly did
 * nothing. A payment still grants one paid period, however often its event arrives.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('subscriptions_payment_source_idx').on('subscriptions').columns(['payment_id', 'source']).unique().execute();
  await db.schema.dropIndex('subscriptions_payment_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('subscriptions_payment_idx').on('subscriptions').column('payment_id').unique().execute();
  await db.schema.dropIndex('subscriptions_payment_source_idx').ifExists().execute();
}
