import { routeByName } from '@linkup/contract';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { MoreMenu } from '@/features/more/components/more-menu';
import { PageHeader } from '@/components/page-header';

/** /app/more — the More screen, with Logout supplied by the auth feature. */
export function MoreRoute() {
  const logout = useLogout();
  return (
    <section className="more-page">
      <PageHeader title={routeByName('app.more').title} />
      <MoreMenu onLogout={logout} />
    </section>
  );
}
