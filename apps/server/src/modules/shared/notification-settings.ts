import {
  DEFAULT_NOTIFICATION_SETTINGS, NOTIFICATION_SETTING_TYPES, type NotificationSettings,
} from '@linkup/contract';

/**
 * A member's notification switches from the stored JSON (`user_settings.notifications`): a type
 * or channel that is missing — or anything unreadable — has its default (on, except message
 * requests' pushes, which only an explicit `true` turns on).
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
    const switchOf = (channel: 'push' | 'in_app') =>
      (DEFAULT_NOTIFICATION_SETTINGS[type][channel] ? entry[channel] !== false : entry[channel] === true);
    result[type] = { push: switchOf('push'), in_app: switchOf('in_app') };
  }
  return result;
}
