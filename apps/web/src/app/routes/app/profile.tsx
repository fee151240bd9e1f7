import { routeByName } from '@linkup/contract';
import { PageHeader } from '@/components/page-header';
import { ProfileOverview } from '@/features/profile/components/profile-overview';

const paths = {
  edit: routeByName('app.profile.edit').path,
  photos: routeByName('app.profile.photos').path,
  interests: routeByName('app.profile.interests').path,
  preferences: routeByName('app.preferences').path,
};

/** /app/profile — my profile as others see it, how complete it is, and where to change it. */
export function ProfileRoute() {
  return (
    <section className="profile-page">
      <PageHeader title={routeByName('app.profile').title} />
      <ProfileOverview paths={paths} />
    </section>
  );
}
