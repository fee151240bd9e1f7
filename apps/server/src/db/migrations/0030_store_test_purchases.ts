import type { Kysely } from 'kysely';
import { columnTypes } from './column-types';

/**
 * Store billing (issue 34 item 2): a payment a store made in its test environment — an App Store
 * sandbox purchase (App Review and TestFlight buy there, also against the production server) or a
 * Google Play license tester's purchase. It grants premium like any other, and is marked so that
 * no revenue count takes it for money.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('payments').addColumn('test_purchase', t.boolean, (c) => c.notNull().defaultTo(t.false)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('test_purchase').execute();
}
