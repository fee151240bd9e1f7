import {
  DEFAULT_NOTIFICATION_SETTINGS, type NotificationChannel, type NotificationSettings, type NotificationSettingType,
} from '@linkup/contract';
import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query';
import type { Database } from '../../db/schema';
import { parseNotificationSettings } from './notification-settings';

/** One member's switches, compiled once: every notification reads them (see `preparedQuery`). */
const settingsOfOneQuery = preparedQuery<{ userId: string }, { user_id: string; notifications: string | null }>((db, param) => db
  .selectFrom('user_settings').select(['user_id', 'notifications']).where('user_id', '=', param('userId')));

/** Members' notification switches, for whoever sends notifications. */
export class NotificationSettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every id gets an entry: a member who never saved settings has the defaults. */
  async of(userIds: readonly string[]): Promise<Map<string, NotificationSettings>> {
    const result = new Map<string, NotificationSettings>();
    if (userIds.length === 0) return result;
    const unique = [...new Set(userIds)];
    const rows = unique.length === 1
      ? (await settingsOfOneQuery(this.db, { userId: unique[0]! })).rows
      : await this.db.selectFrom('user_settings').select(['user_id', 'notifications']).where('user_id', 'in', unique).execute();
    for (const row of rows) result.set(row.user_id, parseNotificationSettings(row.notifications));
    for (const id of userIds) if (!result.has(id)) result.set(id, structuredClone(DEFAULT_NOTIFICATION_SETTINGS) as NotificationSettings);
    return result;
  }

  /** Whether a member wants notifications of this type on this channel. */
  async wants(userId: string, type: NotificationSettingType, channel: NotificationChannel): Promise<boolean> {
    const settings = (await this.of([userId])).get(userId)!;
    return settings[type][channel];
  }
}
