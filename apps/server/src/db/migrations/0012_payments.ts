import { type Kysely } from 'kysely';
import { columnTypes } from './column-types';

/**
 * Buying premium (issue 15). A billing subscription is the member's agreement with a payments
 * provider (plan, renewal, cancel at period end, grace after a failed renewal); each payment is
 * one charge (the first or a renewal) with its status; each provider event is stored by id so a
 * replayed webhook changes nothing. What a member is entitled to stays in `subscriptions`: a paid
 * period is a row there linked to its payment (unique, so one payment never grants twice).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);

  await db.schema
    .createTable('billing_subscriptions')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider_subscription_id', 'varchar(255)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('cancel_at_period_end', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('current_period_end', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('billing_subscriptions_user_idx').on('billing_subscriptions').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createIndex('billing_subscriptions_provider_idx').on('billing_subscriptions').columns(['provider', 'provider_subscription_id']).unique().execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('billing_subscription_id', 'varchar(32)', (c) => c.notNull().references('billing_subscriptions.id').onDelete('cascade'))
    .addColumn('plan_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider_ref', 'varchar(255)')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('paid_at', t.timestamp)
    .execute();
  await db.schema.createIndex('payments_user_idx').on('payments').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('payments_provider_ref_idx').on('payments').columns(['provider', 'provider_ref']).unique().execute();

  await db.schema
    .createTable('payment_customers')
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('customer_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_customers_pk', ['user_id', 'provider'])
    .execute();
  await db.schema.createIndex('payment_customers_customer_idx').on('payment_customers').columns(['provider', 'customer_id']).unique().execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('event_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('type', 'varchar(64)', (c) => c.notNull())
    .addColumn('received_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_events_pk', ['provider', 'event_id'])
    .execute();

  await db.schema.alterTable('subscriptions').addColumn('payment_id', 'varchar(32)').execute();
  await db.schema.createIndex('subscriptions_payment_idx').on('subscriptions').column('payment_id').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('subscriptions_payment_idx').ifExists().execute();
  await db.schema.alterTable('subscriptions').dropColumn('payment_id').execute();
  for (const table of ['payment_events', 'payment_customers', 'payments', 'billing_subscriptions']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
