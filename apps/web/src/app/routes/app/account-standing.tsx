import { routeByName } from '@linkup/contract';
import { StandingScreen } from '@/features/standing/components/standing-screen';

/** /app/account/standing — my standing, the statements of reasons and appeals (issue 30). */
export function StandingRoute() {
  return <StandingScreen title={routeByName('app.account.standing').title} />;
}
