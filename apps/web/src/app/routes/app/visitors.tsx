import { VisitorsScreen } from '@/features/matching/components/visitors-screen';

/** /app/visitors — who viewed my profile. */
export function VisitorsRoute() {
  return <VisitorsScreen />;
}
