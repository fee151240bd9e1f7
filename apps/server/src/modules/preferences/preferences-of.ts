import type { PreferenceValues } from '@linkup/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { preferenceValues } from '../shared/preference-values';

/**
 * Dating preferences of several members at once (discover, compatibility); a member who never
 * saved any has the defaults. `strict_fields` lists their dealbreakers.
 */
export async function preferencesOf(db: Kysely<Database>, userIds: readonly string[]): Promise<Map<string, PreferenceValues>> {
  const result = new Map<string, PreferenceValues>();
  if (userIds.length === 0) return result;
  const rows = await db.selectFrom('user_preferences').selectAll().where('user_id', 'in', [...new Set(userIds)]).execute();
  for (const row of rows) result.set(row.user_id, preferenceValues(row));
  for (const id of userIds) if (!result.has(id)) result.set(id, preferenceValues(undefined));
  return result;
}
