import type { NotificationSettings, Settings, UpdateSettingsBody } from '@linkup/contract';
import { NOTIFICATION_SETTING_TYPES } from '@linkup/contract';
import { isoNow, type Clock } from '../../lib/clock';
import { parseNotificationSettings } from '../shared/notification-settings';
import { privacyFromRow } from '../shared/privacy';
import type { SettingsRepository, SettingsRow } from './settings.repository';

/** A member's settings from their row; no row means every default. */
export function presentSettings(row: SettingsRow | undefined): Settings {
  return { privacy: privacyFromRow(row), notifications: parseNotificationSettings(row?.notifications) };
}

/** Privacy and notification settings: the member's own, read and changed in part. */
export class SettingsService {
  constructor(
    private readonly repo: SettingsRepository,
    private readonly clock: Clock,
  ) {}

  async get(userId: string): Promise<Settings> {
    return presentSettings(await this.repo.find(userId));
  }

  /** Changes what the body names and keeps the rest; the first change creates the row. */
  async update(userId: string, body: UpdateSettingsBody): Promise<Settings> {
    const current = await this.get(userId);
    const privacy = { ...current.privacy, ...body.privacy };
    const notifications = {} as NotificationSettings;
    for (const type of NOTIFICATION_SETTING_TYPES) notifications[type] = { ...current.notifications[type], ...body.notifications?.[type] };
    await this.repo.upsert(userId, { ...privacy, notifications: JSON.stringify(notifications) }, isoNow(this.clock));
    return { privacy, notifications };
  }
}
