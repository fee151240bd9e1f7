import type { Kysely, Selectable } from 'kysely';
import type { Database, MessagePolicy, UserSettingsTable } from '../../db/schema';

export type SettingsRow = Selectable<UserSettingsTable>;
export interface SettingsValues {
  show_age: boolean;
  show_distance: boolean;
  show_online: boolean;
  message_policy: MessagePolicy;
  hide_from_discover: boolean;
  /** JSON of the notification switches. */
  notifications: string;
}

/** SQL of `user_settings`: one row per member, absent until the member saves something. */
export class SettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(userId: string): Promise<SettingsRow | undefined> {
    return this.db.selectFrom('user_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /** Writes every setting of a member: insert, or update the existing row (same SQL on both dialects). */
  async upsert(userId: string, values: SettingsValues, now: string): Promise<void> {
    await this.db
      .insertInto('user_settings')
      .values({ user_id: userId, ...values, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: now }))
      .execute();
  }
}
