import { ActivityScreen } from '@/features/matching/components/activity-screen';

/** /app/activity — my recent activity timeline. */
export function ActivityRoute() {
  return <ActivityScreen />;
}
