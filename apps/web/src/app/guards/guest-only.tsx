import { DEFAULT_AUTHED_PATH } from '@linkup/contract';
import { Navigate, Outlet } from 'react-router';
import { useSessionStore } from '@/lib/session-store';

/**
 * The public /auth pages (spec §2): a signed-in member is sent to the dashboard — or, right after
 * signing in, to where the sign-in said to land (return address or onboarding).
 */
export function GuestOnly() {
  const token = useSessionStore((s) => s.token);
  const landingPath = useSessionStore((s) => s.landingPath);
  if (token) return <Navigate to={landingPath ?? DEFAULT_AUTHED_PATH} replace />;
  return <Outlet />;
}
