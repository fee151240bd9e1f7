import { routeByName } from '@linkup/contract';
import { PageHeader } from '@/components/page-header';
import { ProfileOverview } from '@/features/profile/components/profile-overview';
import { VerificationCard } from '@/features/verification/components/verification-card';

const paths = {
  edit: routeByName('app.profile.edit').path,
  photos: routeByName('app.profile.photos').path,
  interests: routeByName('app.profile.interests').path,
  preferences: routeByName('app.preferences').path,
};

/** /app/profile — my profile as others see it, how complete it is, where to change it, and my photo verification. */
export function ProfileRoute() {
  return (
    <section className="profile-page">
      <PageHeader title={routeByName('app.profile').title} />
      <VerificationCard verifyPath={routeByName('app.verify').path} />
      <ProfileOverview paths={paths} />
    </section>
  );
}
