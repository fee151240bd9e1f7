import {
  DEFAULT_NOTIFICATION_SETTINGS, NOTIFICATION_SETTING_TYPES, type NotificationChannel, type NotificationSettings, type NotificationSettingType,
} from '@linkup/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * A member's notification switches from the stored JSON (`user_settings.notifications`): a type
 * or channel that is missing — or anything unreadable — counts as on.
 */
export function parseNotificationSettings(json: string | null | undefined): NotificationSettings {
  let stored: unknown = {};
  try {
    stored = json ? JSON.parse(json) : {};
  } catch {
    stored = {};
  }
  const record = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const result = {} as NotificationSettings;
  for (const type of NOTIFICATION_SETTING_TYPES) {
    const entry = typeof record[type] === 'object' && record[type] !== null ? (record[type] as Record<string, unknown>) : {};
    result[type] = { push: entry.push !== false, in_app: entry.in_app !== false };
  }
  return result;
}

/** Notification switches of several members at once (for whoever sends notifications). */
export async function notificationSettingsOf(db: Kysely<Database>, userIds: readonly string[]): Promise<Map<string, NotificationSettings>> {
  const result = new Map<string, NotificationSettings>();
  if (userIds.length === 0) return result;
  const rows = await db.selectFrom('user_settings').select(['user_id', 'notifications']).where('user_id', 'in', [...new Set(userIds)]).execute();
  for (const row of rows) result.set(row.user_id, parseNotificationSettings(row.notifications));
  for (const id of userIds) if (!result.has(id)) result.set(id, structuredClone(DEFAULT_NOTIFICATION_SETTINGS) as NotificationSettings);
  return result;
}

/** Whether a member wants notifications of this type on this channel. */
export async function wantsNotification(db: Kysely<Database>, userId: string, type: NotificationSettingType, channel: NotificationChannel): Promise<boolean> {
  const settings = (await notificationSettingsOf(db, [userId])).get(userId)!;
  return settings[type][channel];
}
