import '@/features/settings/settings.css';
import {
  NOTIFICATION_CHANNELS, NOTIFICATION_CHANNEL_LABELS, NOTIFICATION_SETTING_LABELS, NOTIFICATION_SETTING_TYPES,
  type NotificationChannel, type NotificationSettingType,
} from '@linkup/contract';
import { useId } from 'react';
import { toast } from 'react-toastify';
import { useSettings } from '@/features/settings/api/get-settings';
import { useUpdateSettings } from '@/features/settings/api/update-settings';
import { LoadFailed, Loading } from '@/components/load-state';
import { ToggleSwitch } from '@/features/settings/components/toggle-switch';
import { friendlyError } from '@/features/settings/utils/errors';

export const NOTIFICATION_TEXTS = { saveFailed: 'Could not save your notification settings.' } as const;

/** A table of notification types × push / in-app switches; each switch saves at once. */
export function NotificationSettingsTable() {
  const settings = useSettings();
  const update = useUpdateSettings();
  const baseId = useId();

  if (settings.isError) return <LoadFailed what="Your settings" onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <Loading label="Loading your notification settings" />;
  const notifications = settings.data.notifications;

  async function save(type: NotificationSettingType, channel: NotificationChannel, on: boolean) {
    try {
      const { message } = await update.mutateAsync({ notifications: { [type]: { [channel]: on } } });
      toast.success(message ?? 'Your settings have been saved.');
    } catch (error) {
      toast.error(friendlyError(error, NOTIFICATION_TEXTS.saveFailed));
    }
  }

  return (
    <section className="panel-card" aria-labelledby={`${baseId}-title`}>
      <h2 id={`${baseId}-title`} className="panel-card-title">What we tell you about</h2>
      <table className="settings-table">
        <caption>
          Push notifications reach this device even when LinkUp is closed; in-app notifications appear while you use the app.
        </caption>
        <thead>
          <tr>
            <th scope="col"><span className="sr-only">Notification</span></th>
            {NOTIFICATION_CHANNELS.map((channel) => <th key={channel} scope="col">{NOTIFICATION_CHANNEL_LABELS[channel]}</th>)}
          </tr>
        </thead>
        <tbody>
          {NOTIFICATION_SETTING_TYPES.map((type) => (
            <tr key={type}>
              <th scope="row">{NOTIFICATION_SETTING_LABELS[type]}</th>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <td key={channel}>
                  <ToggleSwitch
                    id={`${baseId}-${type}-${channel}`}
                    ariaLabel={`${NOTIFICATION_CHANNEL_LABELS[channel]}: ${NOTIFICATION_SETTING_LABELS[type]}`}
                    checked={notifications[type][channel]}
                    onChange={(on) => void save(type, channel, on)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
