import { useRouteDef } from '@/app/route-meta';
import { useMatchingMe } from '@/app/routes/app/matching-me';
import { MatchesScreen } from '@/features/matching/components/matches-screen';

/** /app/matches and /app/likes — one screen; the address decides the view. */
export function MatchesRoute() {
  const route = useRouteDef();
  return <MatchesScreen view={route?.name === 'app.likes' ? 'likes' : 'matches'} me={useMatchingMe()} />;
}
