import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/database';
import type { Database } from '../../db/schema';
import { privacyFromRow, type Privacy, type PrivacyRow } from './privacy';

const PRIVACY_COLUMNS = ['user_id', 'show_age', 'show_distance', 'show_online', 'message_policy', 'hide_from_discover'] as const;

/** One member's settings, compiled once: each notification's actor is read this way (see `preparedQuery`). */
const privacyOfOneQuery = preparedQuery<{ userId: string }, PrivacyRow & { user_id: string }>((db, param) => db
  .selectFrom('user_settings').select(PRIVACY_COLUMNS).where('user_id', '=', param('userId')));

/** Privacy settings of several members at once (presenters of lists, chat rules). */
export class PrivacyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every id gets an entry: a member who never saved settings has the defaults. */
  async of(userIds: readonly string[]): Promise<Map<string, Privacy>> {
    const result = new Map<string, Privacy>();
    if (userIds.length === 0) return result;
    const unique = [...new Set(userIds)];
    const rows = unique.length === 1
      ? (await privacyOfOneQuery(this.db, { userId: unique[0]! })).rows
      : await this.db.selectFrom('user_settings').select(PRIVACY_COLUMNS).where('user_id', 'in', unique).execute();
    for (const row of rows) result.set(row.user_id, privacyFromRow(row));
    for (const id of userIds) if (!result.has(id)) result.set(id, privacyFromRow(undefined));
    return result;
  }
}
