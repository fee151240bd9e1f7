import { useEffect, useState } from 'react';
import { Button } from '@/components/button';
import { toast } from '@/lib/toast';
import { platform } from '@/platform/platform';

export const AD_PRIVACY_TEXTS = {
  label: 'Privacy choices',
  hint: 'Change what you agreed to for ads (personalised or not).',
  failed: 'The privacy choices could not be opened. Please try again.',
} as const;

/**
 * "Privacy choices" (issue 34 item 11): where the law lets a member change their ad consent later
 * (EEA, UK — Google's UMP says so), the native app offers Google's form here. Nothing on the web,
 * which shows no ads, and nothing where it is not required.
 */
export function AdPrivacyChoices() {
  const ads = platform.ads;
  const [required, setRequired] = useState(false);

  useEffect(() => {
    if (!ads) return;
    let active = true;
    ads.privacyChoicesRequired().then(
      (value) => active && setRequired(value),
      (error: unknown) => console.warn('Could not read the ad consent requirements', error),
    );
    return () => {
      active = false;
    };
  }, [ads]);

  if (!ads || !required) return null;
  return (
    <section className="panel-card" aria-labelledby="ad-privacy-title">
      <h2 id="ad-privacy-title">Ads</h2>
      <p>{AD_PRIVACY_TEXTS.hint}</p>
      <Button
        type="button"
        className="p-button-outlined"
        icon="pi pi-shield"
        label={AD_PRIVACY_TEXTS.label}
        onClick={() => ads.showPrivacyChoices().catch(() => toast.error(AD_PRIVACY_TEXTS.failed))}
      />
    </section>
  );
}
