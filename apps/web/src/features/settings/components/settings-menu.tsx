import '@/features/settings/settings.css';
import { Button } from 'primereact/button';
import { useId, useState } from 'react';
import { Link } from 'react-router';

interface SettingsLink {
  label: string;
  hint: string;
  path: string;
  icon: string;
}

/** The settings index, by section: where each setting lives. */
export const SETTINGS_SECTIONS: readonly { title: string; links: readonly SettingsLink[] }[] = [
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

function Section({ title, links }: (typeof SETTINGS_SECTIONS)[number]) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="settings-section-title">{title}</h2>
      <ul className="menu-card">
        {links.map((link) => (
          <li key={link.path}>
            <Link to={link.path} className="menu-row">
              <span className="menu-row-icon" aria-hidden="true"><i className={`pi ${link.icon}`} /></span>
              <span className="settings-row-text">
                <span className="menu-row-label">{link.label}</span>
                <span className="settings-row-hint">{link.hint}</span>
              </span>
              <i className="pi pi-chevron-right menu-row-chevron" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

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
      {SETTINGS_SECTIONS.map((section) => <Section key={section.title} {...section} />)}
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
