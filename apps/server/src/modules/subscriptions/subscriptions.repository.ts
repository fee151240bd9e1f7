import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Dialect } from '../../db/database';
import type { BillingSubscriptionsTable, Database, PaymentsTable } from '../../db/schema';
import { newId } from '../../lib/ids';
import { EntitlementsRepository } from '../shared/entitlements.repository';

export type BillingRow = Selectable<BillingSubscriptionsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type PaymentStatusValue = PaymentRow['status'];
type Provider = PaymentRow['provider'];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Billing agreements still in force (renewing, cancelled but running, or in grace). */
const LIVE_BILLING: BillingRow['status'][] = ['active', 'past_due'];

/**
 * SQL of buying premium: billing subscriptions, payments, provider customers, applied webhook
 * events, and the paid-for periods in `subscriptions` (what premium checks read).
 */
export class SubscriptionsRepository {
  /** What premium checks read, through this repository's executor (inside its transaction too). */
  private readonly entitlements: EntitlementsRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {
    this.entitlements = new EntitlementsRepository(db);
  }

  /**
   * Runs `work` in one transaction, with this repository bound to it: a provider event, its
   * record and all its effects commit together or not at all (docs/decisions.md, "Payments: one
   * transaction per provider event"). On SQLite the transaction holds the app's one connection,
   * so `work` must use only the repository it is given.
   */
  transaction<T>(work: (tx: SubscriptionsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new SubscriptionsRepository(trx, this.dialect)));
  }

  /**
   * Inside `transaction`: holds the member's row until the commit, so every provider event of one
   * member applies one after another (PostgreSQL `FOR NO KEY UPDATE`, which, unlike `FOR UPDATE`,
   * does not hold up rows that merely reference the member). SQLite's transactions are serial
   * already: its first write (the event's record) takes the database's write lock.
   */
  async lockMember(userId: string): Promise<void> {
    if (this.dialect !== 'postgres') return;
    await this.db.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().executeTakeFirst();
  }

  /** When the member's premium ends (any source), or null when free. */
  premiumUntil(userId: string, now: string): Promise<string | null> {
    return this.entitlements.premiumUntil(userId, now);
  }

  memberContact(userId: string): Promise<{ id: string; email: string | null; name: string } | undefined> {
    return this.db.selectFrom('users').select(['id', 'email', 'name']).where('id', '=', userId).executeTakeFirst();
  }

  /** A new billing agreement and its first, pending payment, together. */
  async createCheckout(billing: Insertable<BillingSubscriptionsTable>, payment: Insertable<PaymentsTable>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('billing_subscriptions').values(billing).execute();
      await trx.insertInto('payments').values(payment).execute();
    });
  }

  async setPaymentRef(paymentId: string, providerRef: string): Promise<void> {
    await this.db.updateTable('payments').set({ provider_ref: providerRef }).where('id', '=', paymentId).execute();
  }

  payment(id: string): Promise<PaymentRow | undefined> {
    return this.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
  }

  paymentByRef(provider: Provider, providerRef: string): Promise<PaymentRow | undefined> {
    return this.db.selectFrom('payments').selectAll().where('provider', '=', provider).where('provider_ref', '=', providerRef).executeTakeFirst();
  }

  /** The member's last paid payment at a provider (what a refund by customer refers to). */
  lastPaidPayment(userId: string, provider: Provider): Promise<PaymentRow | undefined> {
    return this.db
      .selectFrom('payments').selectAll()
      .where('user_id', '=', userId).where('provider', '=', provider).where('status', '=', 'paid')
      .orderBy('paid_at', 'desc').limit(1)
      .executeTakeFirst();
  }

  payments(userId: string, limit: number): Promise<PaymentRow[]> {
    return this.db.selectFrom('payments').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  /** Inserts a payment unless the provider's reference is already stored; false when it was. */
  async insertPayment(row: Insertable<PaymentsTable>): Promise<boolean> {
    const result = await this.db
      .insertInto('payments').values(row)
      .onConflict((oc) => oc.columns(['provider', 'provider_ref']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Moves a payment to `to` only from one of `from`; false when it was elsewhere (applied before, or out of order). */
  async movePayment(id: string, from: PaymentStatusValue[], to: PaymentStatusValue, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('payments')
      .set({ status: to, updated_at: now, ...(to === 'paid' ? { paid_at: now } : {}) })
      .where('id', '=', id).where('status', 'in', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  billing(id: string): Promise<BillingRow | undefined> {
    return this.db.selectFrom('billing_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  billingByRef(provider: Provider, subscriptionRef: string): Promise<BillingRow | undefined> {
    return this.db
      .selectFrom('billing_subscriptions').selectAll()
      .where('provider', '=', provider).where('provider_subscription_id', '=', subscriptionRef)
      .executeTakeFirst();
  }

  /** The member's billing agreement in force, newest first, if any. */
  liveBilling(userId: string): Promise<BillingRow | undefined> {
    return this.db
      .selectFrom('billing_subscriptions').selectAll()
      .where('user_id', '=', userId).where('status', 'in', LIVE_BILLING)
      .orderBy('created_at', 'desc').limit(1)
      .executeTakeFirst();
  }

  async updateBilling(id: string, patch: Updateable<BillingSubscriptionsTable>): Promise<void> {
    await this.db.updateTable('billing_subscriptions').set(patch).where('id', '=', id).execute();
  }

  /** A store's billing agreement, unless one with its reference exists (then false). */
  async insertBilling(row: Insertable<BillingSubscriptionsTable>): Promise<boolean> {
    const result = await this.db
      .insertInto('billing_subscriptions').values(row)
      .onConflict((oc) => oc.columns(['provider', 'provider_subscription_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** The member's store account token (Apple's appAccountToken), issued on first ask. */
  async accountToken(userId: string, fresh: string, now: string): Promise<string> {
    await this.db
      .insertInto('store_account_tokens').values({ user_id: userId, token: fresh, created_at: now })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    const row = await this.db.selectFrom('store_account_tokens').select('token').where('user_id', '=', userId).executeTakeFirstOrThrow();
    return row.token;
  }

  /** The member a store account token was issued to, or null. */
  async memberOfAccountToken(token: string): Promise<string | null> {
    const row = await this.db.selectFrom('store_account_tokens').select('user_id').where('token', '=', token).executeTakeFirst();
    return row?.user_id ?? null;
  }

  /** Ends the member's other live agreements (a new purchase replaces them). */
  async endOtherBillings(userId: string, keepId: string, now: string): Promise<void> {
    await this.db
      .updateTable('billing_subscriptions').set({ status: 'ended', updated_at: now })
      .where('user_id', '=', userId).where('id', '!=', keepId).where('status', 'in', LIVE_BILLING)
      .execute();
  }

  /** A premium period bought by a payment (or its grace); false when that payment already has one of this source. */
  async addPeriod(period: { userId: string; plan: string; paymentId: string; source: 'payment' | 'grace'; startsAt: string; endsAt: string; now: string }): Promise<boolean> {
    const result = await this.db
      .insertInto('subscriptions')
      .values({
        id: newId(), user_id: period.userId, plan: period.plan, source: period.source, payment_id: period.paymentId,
        starts_at: period.startsAt, ends_at: period.endsAt, cancelled_at: null, created_at: period.now,
      })
      .onConflict((oc) => oc.columns(['payment_id', 'source']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /**
   * Ends now what a refunded payment bought: its own period (one not started yet ends before it
   * starts) and any grace of its billing agreement, which ends with the refund. Periods other
   * payments bought and admin grants stay.
   */
  async endPeriodsOf(payment: Pick<PaymentRow, 'id' | 'user_id' | 'billing_subscription_id'>, now: string): Promise<void> {
    await this.db
      .updateTable('subscriptions').set({ ends_at: now, cancelled_at: now })
      .where('user_id', '=', payment.user_id).where('ends_at', '>', now)
      .where((eb) => eb.or([
        eb('payment_id', '=', payment.id),
        eb.and([eb('source', '=', 'grace'), eb('payment_id', 'in', this.agreementPayments(payment.user_id, payment.billing_subscription_id))]),
      ]))
      .execute();
  }

  /** Ends now the grace of a billing agreement (its renewal was paid after all). */
  async endGrace(userId: string, billingId: string, now: string): Promise<void> {
    await this.db
      .updateTable('subscriptions').set({ ends_at: now, cancelled_at: now })
      .where('user_id', '=', userId).where('source', '=', 'grace').where('ends_at', '>', now)
      .where('payment_id', 'in', this.agreementPayments(userId, billingId))
      .execute();
  }

  private agreementPayments(userId: string, billingId: string) {
    return this.db.selectFrom('payments').select('id').where('user_id', '=', userId).where('billing_subscription_id', '=', billingId);
  }

  async customerId(userId: string, provider: Provider): Promise<string | null> {
    const row = await this.db.selectFrom('payment_customers').select('customer_id').where('user_id', '=', userId).where('provider', '=', provider).executeTakeFirst();
    return row?.customer_id ?? null;
  }

  async saveCustomer(userId: string, provider: Provider, customerId: string, now: string): Promise<void> {
    await this.db
      .insertInto('payment_customers').values({ user_id: userId, provider, customer_id: customerId, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'provider']).doNothing())
      .execute();
  }

  async memberOfCustomer(provider: Provider, customerId: string): Promise<string | null> {
    const row = await this.db.selectFrom('payment_customers').select('user_id').where('provider', '=', provider).where('customer_id', '=', customerId).executeTakeFirst();
    return row?.user_id ?? null;
  }

  /**
   * Records a provider event; false when it was recorded before (applied already). Inside
   * `transaction` it goes first: a second delivery of the same event waits here for the first
   * one's commit (PostgreSQL's unique index), then finds it recorded; if the first rolled back,
   * the second records and applies it.
   */
  async recordEvent(provider: string, eventId: string, type: string, now: string): Promise<boolean> {
    const result = await this.db
      .insertInto('payment_events').values({ provider, event_id: eventId, type, received_at: now })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
}

/**
 * Grants `days` of premium, starting when the current premium ends (or now), so grants add up:
 * the operator's `grant-premium` command (admin/).
 */
export async function grantPremium(db: Kysely<Database>, userId: string, days: number, now: string, plan = 'admin_grant'): Promise<{ starts_at: string; ends_at: string }> {
  const startsAt = (await new EntitlementsRepository(db).premiumUntil(userId, now)) ?? now;
  const endsAt = new Date(new Date(startsAt).getTime() + days * DAY_MS).toISOString();
  await db
    .insertInto('subscriptions')
    .values({ id: newId(), user_id: userId, plan, source: 'admin', starts_at: startsAt, ends_at: endsAt, cancelled_at: null, created_at: now })
    .execute();
  return { starts_at: startsAt, ends_at: endsAt };
}
