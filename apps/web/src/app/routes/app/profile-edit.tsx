import { routeByName } from '@linkup/contract';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ProfileDetailsForm } from '@/features/profile/components/profile-details-form';

const profilePath = routeByName('app.profile').path;

/** /app/profile/edit — the whole profile form; saving returns to /app/profile. */
export function ProfileEditRoute() {
  const navigate = useNavigate();
  return (
    <section className="profile-page">
      <PageHeader title={routeByName('app.profile.edit').title} actions={<Link to={profilePath} className="profile-header-link">Cancel</Link>} />
      <div className="profile-card">
        <ProfileDetailsForm onSaved={() => void navigate(profilePath)} />
      </div>
    </section>
  );
}
