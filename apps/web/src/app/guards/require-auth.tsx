import { LOGIN_PATH } from '@linkup/contract';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPathWithRedirect } from '@/features/auth/utils/redirect';
import { useSessionStore } from '@/lib/session-store';

/**
 * Pages that need sign-in (spec §2, §6). A signed-out member goes to /auth/login carrying the
 * address they wanted (`?redirect=`), except right after choosing to log out.
 */
export function RequireAuth() {
  const token = useSessionStore((s) => s.token);
  const signOutReason = useSessionStore((s) => s.signOutReason);
  const landingPath = useSessionStore((s) => s.landingPath);
  const location = useLocation();

  useEffect(() => {
    if (token && landingPath) useSessionStore.getState().clearLandingPath();
  }, [token, landingPath]);

  if (!token) {
    const to = signOutReason === 'logout'
      ? LOGIN_PATH
      : loginPathWithRedirect(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate to={to} replace />;
  }
  return <Outlet />;
}
