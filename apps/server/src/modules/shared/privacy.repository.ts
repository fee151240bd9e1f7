import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { privacyFromRow, type Privacy } from './privacy';

/** Privacy settings of several members at once (presenters of lists, chat rules). */
export class PrivacyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every id gets an entry: a member who never saved settings has the defaults. */
  async of(userIds: readonly string[]): Promise<Map<string, Privacy>> {
    const result = new Map<string, Privacy>();
    if (userIds.length === 0) return result;
    const rows = await this.db
      .selectFrom('user_settings')
      .select(['user_id', 'show_age', 'show_distance', 'show_online', 'message_policy', 'hide_from_discover'])
      .where('user_id', 'in', [...new Set(userIds)])
      .execute();
    for (const row of rows) result.set(row.user_id, privacyFromRow(row));
    for (const id of userIds) if (!result.has(id)) result.set(id, privacyFromRow(undefined));
    return result;
  }
}
