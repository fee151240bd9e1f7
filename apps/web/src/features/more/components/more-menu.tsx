import { APP_NAME, APP_VERSION, LOGO_PATH, MORE_SECTIONS, UI_TEXTS } from '@linkup/contract';
import { Button } from '@/components/button';
import { useState } from 'react';
import { LinkMenu } from '@/components/link-menu';
import { PremiumBanner } from '@/features/more/components/premium-banner';

/** Icon per More screen destination; anything unlisted gets a neutral chevron-style icon. */
const ICONS: Record<string, string> = {
  '/app/profile/edit': 'pi-user-edit',
  '/app/profile/photos': 'pi-images',
  '/app/profile/interests': 'pi-star',
  '/app/likes': 'pi-heart',
  '/app/visitors': 'pi-eye',
  '/app/activity': 'pi-history',
  '/app/preferences': 'pi-sliders-h',
  '/app/settings/account': 'pi-cog',
  '/app/blocked-users': 'pi-ban',
  '/app/help': 'pi-question-circle',
  '/app/privacy-policy': 'pi-shield',
  '/app/terms': 'pi-file',
};

interface MoreMenuProps {
  /** Signs the member out; the button reads 'Logging out...' until it settles. */
  onLogout: () => Promise<void>;
}

/** The More screen (spec §2): premium banner, the four sections, app footer and Logout. */
export function MoreMenu({ onLogout }: MoreMenuProps) {
  const [loggingOut, setLoggingOut] = useState(false);

  async function handleLogout() {
    setLoggingOut(true);
    try {
      await onLogout();
    } finally {
      setLoggingOut(false);
    }
  }

  return (
    <div className="more-menu">
      <PremiumBanner />
      {MORE_SECTIONS.map((section) => (
        <LinkMenu
          key={section.title}
          title={section.title}
          items={section.items.map((item) => ({ ...item, icon: ICONS[item.path] ?? 'pi-circle' }))}
        />
      ))}
      <footer className="more-footer">
        <img src={LOGO_PATH} alt="" width={40} height={40} className="more-footer-logo" />
        <p className="more-footer-name">{APP_NAME}</p>
        <p className="more-footer-version">Version {APP_VERSION}</p>
        <Button
          type="button"
          className="btn-logout"
          icon="pi pi-sign-out"
          label={loggingOut ? UI_TEXTS.more.loggingOut : UI_TEXTS.more.logout}
          onClick={handleLogout}
          disabled={loggingOut}
          aria-busy={loggingOut}
        />
      </footer>
    </div>
  );
}
