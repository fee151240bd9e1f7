import {
  NOTIFICATION_SETTING_TYPES, type NotificationSettings,
} from '@linkup/contract';

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
