import { Dashboard } from '@/features/matching/components/dashboard';
import { useProfile } from '@/features/profile/api/get-profile';

/** /app/dashboard (Home tab) — the matching dashboard, with the profile's completion nudge. */
export function DashboardRoute() {
  const profile = useProfile();
  return <Dashboard completion={profile.isPending ? undefined : (profile.data?.completion ?? null)} />;
}
