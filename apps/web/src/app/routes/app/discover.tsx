import { useMatchingMe } from '@/app/routes/app/matching-me';
import { DiscoverScreen } from '@/features/matching/components/discover-screen';

/** /app/discover — the card stack. */
export function DiscoverRoute() {
  return <DiscoverScreen me={useMatchingMe()} />;
}
