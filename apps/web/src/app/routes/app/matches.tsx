import { routeByName } from '@linkup/contract';
import { useRouteDef } from '@/app/route-meta';
import { useMatchingMe } from '@/app/routes/app/matching-me';
import { MatchesScreen } from '@/features/matching/components/matches-screen';
import { VerificationCard } from '@/features/verification/components/verification-card';

/** /app/matches and /app/likes — one screen; the address decides the view. "Get verified" once there is a match. */
export function MatchesRoute() {
  const route = useRouteDef();
  return (
    <MatchesScreen view={route?.name === 'app.likes' ? 'likes' : 'matches'} me={useMatchingMe()}
      afterFirstMatch={<VerificationCard verifyPath={routeByName('app.verify').path} hideWhenVerified />} />
  );
}
