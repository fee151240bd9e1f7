import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** SQL of the changes of members' own locations (see `LocationChanges`). */
export class LocationChangesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async record(id: string, userId: string, at: string): Promise<void> {
    await this.db.insertInto('location_changes').values({ id, user_id: userId, created_at: at }).execute();
  }

  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('location_changes').where('id', '=', id).execute();
  }

  /** How many changes the member made after `since`, and the earliest of them. */
  async since(userId: string, since: string): Promise<{ count: number; earliest: string | null }> {
    const row = await this.db
      .selectFrom('location_changes')
      .select([sql<number>`count(*)`.as('n'), (eb) => eb.fn.min('created_at').as('earliest')])
      .where('user_id', '=', userId)
      .where('created_at', '>', since)
      .executeTakeFirst();
    return { count: Number(row?.n ?? 0), earliest: (row?.earliest as string | null | undefined) ?? null };
  }
}
