import '@/features/settings/settings.css';
import {
  NOTIFICATION_CHANNELS, NOTIFICATION_CHANNEL_LABELS, NOTIFICATION_SETTING_LABELS, NOTIFICATION_SETTING_TYPES,
  type NotificationChannel, type NotificationSettingType,
} from '@linkup/contract';
import { PUSH_ERRORS } from '@linkup/contract';
import { Button } from 'primereact/button';
import { useEffect, useId, useState } from 'react';
import { PushBlockedHelp } from '@/components/push-blocked-help';
import { toast } from '@/lib/toast';
import { useSettings } from '@/features/settings/api/get-settings';
import { useUpdateSettings } from '@/features/settings/api/update-settings';
import { LoadFailed, Loading } from '@/components/load-state';
import { ToggleSwitch } from '@/features/settings/components/toggle-switch';
import { callErrorMessage } from '@/lib/api-client';
import { useNotificationSoundStore } from '@/lib/notification-sound';
import { usePushRequestStore } from '@/lib/push-token';
import { platform } from '@/platform/platform';

export const NOTIFICATION_TEXTS = {
  saveFailed: 'Could not save your notification settings.',
  deviceTitle: 'On this device',
  sound: 'Notification sounds',
  soundHint: 'A sound for matches, messages, likes and profile views while LinkUp is open.',
  turnOnPush: 'Turn on push notifications',
  pushHint: 'Get notified when LinkUp is closed. Your browser will ask for permission.',
} as const;

/**
 * What belongs to this device rather than the account: the sound switch (spec §9, kept on the
 * device) and turning push notifications on here — asked only when the member presses it
 * ('permission blocked' and 'browser lacks required support' as spec §8 says).
 */
export function DeviceNotificationSettings() {
  const baseId = useId();
  const muted = useNotificationSoundStore((s) => s.muted);
  const setMuted = useNotificationSoundStore((s) => s.setMuted);
  const requestPush = usePushRequestStore((s) => s.request);
  // The browser blocks notifications: this page says how to unblock them (issue 32 item 7).
  const blockedNow = usePushRequestStore((s) => s.blocked);
  const [blockedBefore, setBlockedBefore] = useState(false);
  useEffect(() => {
    let live = true;
    void platform.push?.permission().then((permission) => live && setBlockedBefore(permission === 'denied')).catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return (
    <section className="panel-card" aria-labelledby={`${baseId}-title`}>
      <h2 id={`${baseId}-title`} className="panel-card-title">{NOTIFICATION_TEXTS.deviceTitle}</h2>
      <ToggleSwitch
        id={`${baseId}-sound`}
        label={NOTIFICATION_TEXTS.sound}
        hint={NOTIFICATION_TEXTS.soundHint}
        checked={!muted}
        onChange={(on) => setMuted(!on)}
      />
      <div className="settings-push">
        <p>{NOTIFICATION_TEXTS.pushHint}</p>
        <Button
          type="button"
          label={NOTIFICATION_TEXTS.turnOnPush}
          icon="pi pi-bell"
          size="small"
          outlined
          onClick={() => (platform.push ? requestPush() : toast.error(PUSH_ERRORS.unsupported))}
        />
      </div>
      {(blockedNow || blockedBefore) && !platform.isNative && <PushBlockedHelp />}
    </section>
  );
}

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
      toast.error(callErrorMessage(error, NOTIFICATION_TEXTS.saveFailed));
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
