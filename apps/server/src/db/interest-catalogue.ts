import { INTEREST_CATALOGUE } from '@linkup/contract';
import type { Kysely } from 'kysely';
import type { Database } from './schema';

// The catalogue of interests (the contract's) as rows: what profiles pick from, ensured by the
// profile module and by the demo seed.

/** Inserts any interests of the catalogue that are missing; returns name → id. */
export async function ensureInterestCatalogue(db: Kysely<Database>): Promise<Map<string, number>> {
  await db
    .insertInto('interests')
    .values(INTEREST_CATALOGUE.map((name) => ({ name })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const rows = await db.selectFrom('interests').select(['id', 'name']).execute();
  return new Map(rows.map((r) => [r.name, Number(r.id)]));
}
