import { APP_NAME, LOGO_PATH, routeByName, type RouteName } from '@linkup/contract';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { HeartsBackdrop } from '@/app/layouts/hearts-backdrop';

/** Where Back leads from a sign-in page opened with no history (a link, a new tab): the step before. */
const PREVIOUS_STEP: Partial<Record<string, RouteName>> = {
  '/auth/reset-password': 'auth.forgot-password',
};
const LOGIN = 'auth.login' satisfies RouteName;
const APP_LOADS_KEY = 'linkup.appLoads';

/** How many times the app has loaded in this tab, this load included (sessionStorage is per tab). */
function countAppLoad(): number {
  try {
    const loads = Number(window.sessionStorage.getItem(APP_LOADS_KEY) ?? '0') + 1;
    window.sessionStorage.setItem(APP_LOADS_KEY, String(loads));
    return loads;
  } catch {
    return 1;
  }
}
const APP_LOADS_IN_TAB = typeof window === 'undefined' ? 1 : countAppLoad();

/**
 * Whether the entry before this one is the app's: a step of this document (React Router keys the
 * first location 'default', and in the browser numbers entries `idx` — redirects replace, keeping
 * 0), or an earlier page of the app in this tab (another document) when the tab has one before.
 */
function appEntryBefore(key: string): boolean {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  if (key !== 'default' && (typeof idx !== 'number' || idx > 0)) return true;
  return APP_LOADS_IN_TAB > 1 && window.history.length > 1;
}

/**
 * Where Back goes: one history step when the step before is the app's; otherwise the previous
 * sign-in step or /auth/login — never out of the app to a blank page (issue 17, issue 32: a first
 * page reached through redirects, e.g. /login opened directly, has nothing of the app before it).
 */
export function useAuthBack(): () => void {
  const navigate = useNavigate();
  const { key, pathname } = useLocation();
  return () => {
    if (appEntryBefore(key)) return void navigate(-1);
    const target = routeByName(PREVIOUS_STEP[pathname] ?? LOGIN).path;
    if (target !== pathname) void navigate(target, { replace: true });
  };
}

/** Sign-in pages (spec §2): Back one history step, logo on the right, pink hearts, no tab bar. */
export function AuthLayout() {
  const back = useAuthBack();
  return (
    <div className="auth-screen">
      <HeartsBackdrop />
      <div className="app-frame auth-frame">
        <header className="auth-header">
          <button type="button" className="back-button" onClick={back}>
            <i className="pi pi-arrow-left" aria-hidden="true" />
            <span>Back</span>
          </button>
          <img src={LOGO_PATH} alt={APP_NAME} width={44} height={44} className="auth-logo" />
        </header>
        <main id="main" className="auth-main">
          <div className="auth-card">
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}
