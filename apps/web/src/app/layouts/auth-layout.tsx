import { APP_NAME, LOGO_PATH, routeByName, type RouteName } from '@linkup/contract';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { HeartsBackdrop } from '@/app/layouts/hearts-backdrop';

/** Where Back leads from a sign-in page opened with no history (a link, a new tab): the step before. */
const PREVIOUS_STEP: Partial<Record<string, RouteName>> = {
  '/auth/reset-password': 'auth.forgot-password',
};
const LOGIN = 'auth.login' satisfies RouteName;

/**
 * Where Back goes: one history step when the app has one; otherwise the previous sign-in step or
 * /auth/login — never out of the app to a blank page (issue 17). React Router keys the first
 * location of a history 'default'.
 */
export function useAuthBack(): () => void {
  const navigate = useNavigate();
  const { key, pathname } = useLocation();
  return () => {
    if (key !== 'default') return void navigate(-1);
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
