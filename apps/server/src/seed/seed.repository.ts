import type { Insertable, Kysely } from 'kysely';
import type { Database, NewUser } from '../db/schema';
import { ROW_BATCH, chunks } from './batches';

/**
 * The demo seed's SQL (`npm run seed`, and at start with SEED_DEMO_DATA). The seed fills every
 * table with generated rows in one transaction, as a migration fills what it creates, so it is the
 * one repository outside table ownership (docs/architecture.md): it writes no row a member made.
 * Each function takes the seed's transaction.
 */

/** Whether demo data has been seeded: the demo account or any demo member exists. */
export async function hasDemoData(db: Kysely<Database>, demoEmail: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or([eb('email', '=', demoEmail), eb('is_demo', '=', true)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Inserts the demo account unless it exists; false when another process claimed it first. */
export async function claimDemoAccount(db: Kysely<Database>, user: NewUser): Promise<boolean> {
  const claimed = await db.insertInto('users').values(user).onConflict((oc) => oc.doNothing()).returning('id').executeTakeFirst();
  return claimed !== undefined;
}

/** Inserts the members whose e-mail address is free; answers the addresses inserted. */
export async function insertNewMembers(db: Kysely<Database>, users: NewUser[]): Promise<string[]> {
  const rows = await db.insertInto('users').values(users).onConflict((oc) => oc.doNothing()).returning('email').execute();
  return rows.flatMap((row) => (row.email ? [row.email] : []));
}

/** Inserts `rows` into `table`, `size` rows per statement (under the databases' parameter limits). */
export async function insertRows<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
  size = ROW_BATCH,
): Promise<void> {
  // Kysely cannot type an insert into a table chosen by a parameter; the rows are typed by it above.
  for (const batch of chunks(rows, size)) await db.insertInto(table).values(batch as never).execute();
}
