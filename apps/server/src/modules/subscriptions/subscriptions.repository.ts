import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { BillingSubscriptionsTable, Database, PaymentsTable } from '../../db/schema';
import { newId } from '../../lib/ids';

export type BillingRow = Selectable<BillingSubscriptionsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type PaymentStatusValue = PaymentRow['status'];
type Provider = PaymentRow['provider'];

/** Billing agreements still in force (renewing, cancelled but running, or in grace). */
const LIVE_BILLING: BillingRow['status'][] = ['active', 'past_due'];

/**
 * SQL of buying premium: billing subscriptions, payments, provider customers, applied webhook
 * events, and the paid-for periods in `subscriptions` (what premium checks read).
 */
export class SubscriptionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

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

  /** Ends the member's other live agreements (a new purchase replaces them). */
  async endOtherBillings(userId: string, keepId: string, now: string): Promise<void> {
    await this.db
      .updateTable('billing_subscriptions').set({ status: 'ended', updated_at: now })
      .where('user_id', '=', userId).where('id', '!=', keepId).where('status', 'in', LIVE_BILLING)
      .execute();
  }

  /** A premium period bought by a payment (or its grace); false when that payment already granted one. */
  async addPeriod(period: { userId: string; plan: string; paymentId: string; source: 'payment' | 'grace'; startsAt: string; endsAt: string; now: string }): Promise<boolean> {
    const result = await this.db
      .insertInto('subscriptions')
      .values({
        id: newId(), user_id: period.userId, plan: period.plan, source: period.source, payment_id: period.paymentId,
        starts_at: period.startsAt, ends_at: period.endsAt, cancelled_at: null, created_at: period.now,
      })
      .onConflict((oc) => oc.column('payment_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Ends now what payments (and graces) granted the member; admin grants stay. */
  async endPaidPeriods(userId: string, sources: ('payment' | 'grace')[], now: string): Promise<void> {
    await this.db
      .updateTable('subscriptions').set({ ends_at: now, cancelled_at: now })
      .where('user_id', '=', userId).where('source', 'in', sources).where('ends_at', '>', now)
      .execute();
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

  async eventSeen(provider: string, eventId: string): Promise<boolean> {
    const row = await this.db.selectFrom('payment_events').select('event_id').where('provider', '=', provider).where('event_id', '=', eventId).executeTakeFirst();
    return row !== undefined;
  }

  async recordEvent(provider: string, eventId: string, type: string, now: string): Promise<void> {
    await this.db
      .insertInto('payment_events').values({ provider, event_id: eventId, type, received_at: now })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .execute();
  }
}
