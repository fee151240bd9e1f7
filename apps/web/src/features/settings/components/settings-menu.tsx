import '@/features/settings/settings.css';
import { Button } from '@/components/button';
import { useState } from 'react';
import { LinkMenu, type LinkMenuItem } from '@/components/link-menu';
import { AdPrivacyChoices } from '@/features/settings/components/ad-privacy-choices';

/** The settings index, by section: where each setting lives. */
export const SETTINGS_SECTIONS: readonly { title: string; links: readonly LinkMenuItem[] }[] = [
  {
    title: 'Your account',
    links: [
      { label: 'Account', hint: 'E-mail, mobile number, password, your data', path: '/app/settings/account', icon: 'pi-id-card' },
      { label: 'Privacy', hint: 'What others see and who may message you', path: '/app/settings/privacy', icon: 'pi-shield' },
      { label: 'Notifications', hint: 'Push and in-app alerts', path: '/app/settings/notifications', icon: 'pi-bell' },
    ],
  },
  {
    title: 'Dating',
    links: [
      { label: 'Dating Preferences', hint: 'Who you would like to meet', path: '/app/preferences', icon: 'pi-sliders-h' },
      { label: 'Blocked Users', hint: 'People who cannot see or contact you', path: '/app/blocked-users', icon: 'pi-ban' },
    ],
  },
  {
    title: 'Support',
    links: [{ label: 'Help & Support', hint: 'Questions and answers, contact us', path: '/app/help', icon: 'pi-question-circle' }],
  },
];

/** The settings index: links to every settings page, then Sign out (supplied by the route). */
export function SettingsMenu({ onSignOut }: { onSignOut: () => Promise<void> }) {
  const [signingOut, setSigningOut] = useState(false);

  async function handleSignOut() {
    setSigningOut(true);
    try {
      await onSignOut();
    } finally {
      setSigningOut(false);
    }
  }

  return (
    <>
      {SETTINGS_SECTIONS.map((section) => <LinkMenu key={section.title} title={section.title} items={section.links} />)}
      <AdPrivacyChoices />
      <Button
        type="button"
        className="btn-danger-outline settings-signout"
        icon="pi pi-sign-out"
        label={signingOut ? 'Signing out...' : 'Sign out'}
        onClick={handleSignOut}
        disabled={signingOut}
        aria-busy={signingOut}
      />
    </>
  );
}
