import type { Kysely } from 'kysely';
import { toBool, type Database } from '../../db/schema';
import { newId } from '../../lib/ids';
import { blockedEitherWay, unmatchedWith } from '../shared/blocks.repository';

/** SQL of other members' profiles: who exists and is visible to whom, and profile visits. */
export class MembersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The member with this id and whether they and `viewerId` are apart: blocked either way or unmatched (one query). */
  async findVisibility(viewerId: string, id: string): Promise<{ id: string; hidden: boolean } | undefined> {
    const row = await this.db
      .selectFrom('users as u')
      .select((eb) => ['u.id', eb.or([blockedEitherWay(eb, viewerId, 'u.id'), unmatchedWith(eb, viewerId, 'u.id')]).as('hidden')])
      .where('u.id', '=', id)
      .executeTakeFirst();
    return row ? { id: row.id, hidden: toBool(row.hidden as boolean | number) } : undefined;
  }

  /** One visit per viewer, member and UTC day; a second view that day changes nothing. */
  async recordVisit(viewerId: string, viewedId: string, now: string): Promise<void> {
    await this.db
      .insertInto('profile_visits')
      .values({ id: newId(), viewer_id: viewerId, viewed_id: viewedId, visit_date: now.slice(0, 10), created_at: now })
      .onConflict((oc) => oc.columns(['viewer_id', 'viewed_id', 'visit_date']).doNothing())
      .execute();
  }
}
