import { routeByName } from '@linkup/contract';
import { BlockedUsersScreen } from '@/features/safety/components/blocked-users-screen';

/** /app/blocked-users — the members I blocked, with Unblock. */
export function BlockedUsersRoute() {
  return <BlockedUsersScreen title={routeByName('app.blocked-users').title} />;
}
