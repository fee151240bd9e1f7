import '@/features/settings/settings.css';
import {
  MESSAGE_POLICIES, MESSAGE_POLICY_LABELS, PRIVACY_SWITCHES, type MessagePolicyValue, type PrivacySettings,
} from '@linkup/contract';
import { useId } from 'react';
import { toast } from '@/lib/toast';
import { useSettings } from '@/features/settings/api/get-settings';
import { useUpdateSettings } from '@/features/settings/api/update-settings';
import { LoadFailed, Loading } from '@/components/load-state';
import { ToggleSwitch } from '@/features/settings/components/toggle-switch';
import { callErrorMessage } from '@/lib/api-client';

const POLICY_HINTS: Readonly<Record<MessagePolicyValue, string>> = {
  everyone: 'Anyone who can see your profile can start a chat with you.',
  matches: 'Only people you have matched with can start a chat with you.',
  verified: 'Only your matches and photo-verified members can start a chat with you.',
};

export const PRIVACY_TEXTS = { saveFailed: 'Could not save your privacy settings.' } as const;

/**
 * Privacy: what others see of me and who may message me. Every change saves at once
 * (PUT /settings with just that setting) and says so in a toast.
 */
export function PrivacySettingsForm() {
  const settings = useSettings();
  const update = useUpdateSettings();
  const baseId = useId();

  if (settings.isError) return <LoadFailed what="Your settings" onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <Loading label="Loading your privacy settings" />;
  const privacy = settings.data.privacy;

  async function save(change: Partial<PrivacySettings>) {
    try {
      const { message } = await update.mutateAsync({ privacy: change });
      toast.success(message ?? 'Your settings have been saved.');
    } catch (error) {
      toast.error(callErrorMessage(error, PRIVACY_TEXTS.saveFailed));
    }
  }

  return (
    <>
      <section className="panel-card" aria-labelledby={`${baseId}-profile`}>
        <h2 id={`${baseId}-profile`} className="panel-card-title">Your profile</h2>
        <div>
          {PRIVACY_SWITCHES.map((item) => (
            <ToggleSwitch
              key={item.key}
              id={`${baseId}-${item.key}`}
              label={item.label}
              hint={item.hint}
              checked={privacy[item.key]}
              onChange={(checked) => void save({ [item.key]: checked })}
            />
          ))}
        </div>
      </section>

      <section className="panel-card" aria-labelledby={`${baseId}-messages`}>
        <h2 id={`${baseId}-messages`} className="panel-card-title">Messages</h2>
        <fieldset className="settings-radios">
          <legend>Who may message me</legend>
          {MESSAGE_POLICIES.map((policy) => (
            <label key={policy} className="settings-radio" htmlFor={`${baseId}-policy-${policy}`}>
              <input
                id={`${baseId}-policy-${policy}`}
                type="radio"
                name="message_policy"
                value={policy}
                checked={privacy.message_policy === policy}
                onChange={() => void save({ message_policy: policy })}
                aria-describedby={`${baseId}-policy-${policy}-hint`}
              />
              <span className="menu-row-text">
                <span>{MESSAGE_POLICY_LABELS[policy]}</span>
                <span id={`${baseId}-policy-${policy}-hint`} className="menu-row-hint">{POLICY_HINTS[policy]}</span>
              </span>
            </label>
          ))}
        </fieldset>
      </section>
      <p className="panel-card-text">
        Your phone number, e-mail address and exact location are never shown to other members.
      </p>
    </>
  );
}
