import { useParams } from 'react-router';
import { useMatchingMe } from '@/app/routes/app/matching-me';
import { MatchDetailsScreen } from '@/features/matching/components/match-details';

/** /app/match/:id — one match's details. */
export function MatchRoute() {
  const { id = '' } = useParams();
  return <MatchDetailsScreen key={id} matchId={id} me={useMatchingMe()} />;
}
