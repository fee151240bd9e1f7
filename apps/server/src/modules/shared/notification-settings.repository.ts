import {
  DEFAULT_NOTIFICATION_SETTINGS, type NotificationChannel, type NotificationSettings, type NotificationSettingType,
} from '@linkup/contract';
import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query';
import type { Remembered } from '../../db/remembered';
import { rememberedById, type RowWatch } from '../../db/row-changes';
import type { Database } from '../../db/schema';
import { parseNotificationSettings } from './notification-settings';

/** One member's switches, compiled once: every notification reads them (see `preparedQuery`). */
const settingsOfOneQuery = preparedQuery<{ userId: string }, { user_id: string; notifications: string | null }>((db, param) => db
  .selectFrom('user_settings').select(['user_id', 'notifications']).where('user_id', '=', param('userId')));

/** A change of a member's switches makes the cache forget them. */
const SETTINGS_ROWS: readonly RowWatch<'member'>[] = [
  { table: 'user_settings', inserts: true, columns: ['notifications'], report: { user_id: 'member' } },
];

export interface NotificationSettingsRepositoryOptions {
  /** Keep members' switches between notifications; needs a database that reports every change of them (see `watchRowChanges`). */
  remember?: boolean;
}

/** Members' notification switches, for whoever sends notifications (read-only: the settings module writes them). */
export class NotificationSettingsRepository {
  readonly #kept: Remembered<Readonly<NotificationSettings>> | undefined;

  constructor(private readonly db: Kysely<Database>, options: NotificationSettingsRepositoryOptions = {}) {
    this.#kept = rememberedById<Readonly<NotificationSettings>>(db, SETTINGS_ROWS, 10_000, options.remember);
  }

  /** Every id gets an entry: a member who never saved settings has the defaults. Not to be changed: they may be kept. */
  async of(userIds: readonly string[]): Promise<Map<string, Readonly<NotificationSettings>>> {
    const kept = this.#kept;
    const result = new Map<string, Readonly<NotificationSettings>>();
    for (const id of userIds) {
      const known = kept?.peek(id);
      if (known) result.set(id, known);
    }
    const unique = [...new Set(userIds)].filter((id) => !result.has(id));
    if (unique.length === 0) return result;
    const mark = kept?.mark() ?? 0;
    const rows = unique.length === 1
      ? (await settingsOfOneQuery(this.db, { userId: unique[0]! })).rows
      : await this.db.selectFrom('user_settings').select(['user_id', 'notifications']).where('user_id', 'in', unique).execute();
    for (const row of rows) result.set(row.user_id, parseNotificationSettings(row.notifications));
    for (const id of unique) {
      if (!result.has(id)) result.set(id, structuredClone(DEFAULT_NOTIFICATION_SETTINGS) as NotificationSettings);
      kept?.keep(mark, id, result.get(id)!);
    }
    return result;
  }

  /** Whether a member wants notifications of this type on this channel. */
  async wants(userId: string, type: NotificationSettingType, channel: NotificationChannel): Promise<boolean> {
    const settings = (await this.of([userId])).get(userId)!;
    return settings[type][channel];
  }
}
