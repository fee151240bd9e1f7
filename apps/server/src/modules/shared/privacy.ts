import type { Kysely } from 'kysely';
import { toBool, type Database, type MessagePolicy } from '../../db/schema';

/** A member's privacy settings; a member without a settings row has the defaults. */
export interface Privacy {
  show_age: boolean;
  show_distance: boolean;
  show_online: boolean;
  message_policy: MessagePolicy;
  hide_from_discover: boolean;
}

export const DEFAULT_PRIVACY: Readonly<Privacy> = {
  show_age: true,
  show_distance: true,
  show_online: true,
  message_policy: 'everyone',
  hide_from_discover: false,
};

/** Privacy settings of several members at once (presenters of lists, chat rules). */
export async function privacyOf(db: Kysely<Database>, userIds: readonly string[]): Promise<Map<string, Privacy>> {
  const result = new Map<string, Privacy>();
  if (userIds.length === 0) return result;
  const rows = await db
    .selectFrom('user_settings')
    .select(['user_id', 'show_age', 'show_distance', 'show_online', 'message_policy', 'hide_from_discover'])
    .where('user_id', 'in', [...new Set(userIds)])
    .execute();
  for (const row of rows) {
    result.set(row.user_id, {
      show_age: toBool(row.show_age),
      show_distance: toBool(row.show_distance),
      show_online: toBool(row.show_online),
      message_policy: row.message_policy === 'matches' ? 'matches' : 'everyone',
      hide_from_discover: toBool(row.hide_from_discover),
    });
  }
  for (const id of userIds) if (!result.has(id)) result.set(id, { ...DEFAULT_PRIVACY });
  return result;
}
