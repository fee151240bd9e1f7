import { APP_NAME, LOGO_PATH } from '@linkup/contract';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { Button } from '@/components/button';
import { Loading } from '@/components/load-state';
import { PAGE_GROUPS } from '@/app/page-groups';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { useIsRestricted } from '@/lib/restriction-store';

const RestrictedStanding = lazy(() => PAGE_GROUPS.settings().then((m) => ({ default: m.StandingRoute })));

/**
 * A restricted session (issue 30: the server answered `account_suspended`) sees only its standing
 * page — with the statements and the appeal form — and Log out, whatever address it opens; the
 * session is kept (it is not a sign-out). Every other session passes through.
 */
export function RequireGoodStanding() {
  const restricted = useIsRestricted();
  if (!restricted) return <Outlet />;
  return <RestrictedFrame />;
}

function RestrictedFrame() {
  const logout = useLogout();
  return (
    <div className="app-frame standalone-frame">
      <header className="standalone-header">
        <span className="icon-button-spacer" />
        <img src={LOGO_PATH} alt={APP_NAME} width={36} height={36} />
        <Button type="button" label="Log out" icon="pi pi-sign-out" className="p-button-text" onClick={() => void logout()} />
      </header>
      <main id="main" className="standalone-main">
        <Suspense fallback={<Loading label="Loading your account standing" />}>
          <RestrictedStanding />
        </Suspense>
      </main>
    </div>
  );
}
