import { APP_NAME, DEFAULT_AUTHED_PATH, LOGO_PATH } from '@linkup/contract';
import { lazy, Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { EmailVerificationBanner } from '@/features/auth/components/email-verification-banner';
import { AdSlot } from '@/app/ads/ad-slot';
import { AccountMenu } from '@/app/layouts/account-menu';
import { NotificationsBell } from '@/features/notifications/components/notifications-bell';
import { TabBar } from '@/app/layouts/tab-bar';
import { shellChrome } from '@/app/layouts/shell-chrome';
import { useRouteDef } from '@/app/route-meta';
import { useAfterPageLoad } from '@/lib/after-load';
import { useWideScreen } from '@/lib/use-wide-screen';

/**
 * The badges' and lists' syncs (and with them the socket) load once the first page has loaded:
 * nothing they do is on screen before their first answer anyway, and the first page's code, data
 * and images do not share the network and main thread with them (issue #18).
 */
const ShellSyncs = lazy(() => import('@/app/layouts/shell-syncs').then((module) => ({ default: module.ShellSyncs })));

/**
 * Signed-in pages (spec §2 "App shell"): header with logo, the notifications bell (issue 32) and avatar menu, bottom tab bar (a side
 * navigation on a wide screen). A standalone page (the chat on a phone) has neither — its own
 * header only — but the shell's syncs still run. See shell-chrome.ts.
 */
export function AppShell() {
  const route = useRouteDef();
  const { standalone, tabBar: showTabBar, activeTab } = shellChrome(route, useWideScreen());
  const pageLoaded = useAfterPageLoad();
  if (standalone) {
    return (
      <div className="app-frame standalone-frame">
        {pageLoaded && (
          <Suspense fallback={null}>
            <ShellSyncs />
          </Suspense>
        )}
        <main id="main" className="standalone-main">
          <Outlet />
        </main>
      </div>
    );
  }
  return (
    <div className={`app-frame shell-frame${showTabBar ? ' has-tab-bar' : ''}`}>
      {pageLoaded && (
        <Suspense fallback={null}>
          <ShellSyncs activeTab={activeTab} />
        </Suspense>
      )}
      <a href="#main" className="skip-link">Skip to content</a>
      <header className="app-header">
        <Link to={DEFAULT_AUTHED_PATH} className="brand">
          <img src={LOGO_PATH} alt={APP_NAME} width={34} height={34} />
          <span className="brand-name" aria-hidden="true">{APP_NAME}</span>
        </Link>
        <span className="app-header-actions">
          <NotificationsBell />
          <AccountMenu />
        </span>
      </header>
      <main id="main" className="app-main">
        <EmailVerificationBanner />
        <Outlet />
        <AdSlot />
      </main>
      {showTabBar && <TabBar activeTab={activeTab} />}
    </div>
  );
}
