import { routeByName } from '@linkup/contract';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { InterestsPicker } from '@/features/profile/components/interests-picker';

const profilePath = routeByName('app.profile').path;

/** /app/profile/interests — pick interests from the catalogue; saving returns to /app/profile. */
export function ProfileInterestsRoute() {
  const navigate = useNavigate();
  return (
    <section className="profile-page">
      <PageHeader title={routeByName('app.profile.interests').title} actions={<Link to={profilePath} className="profile-header-link">Cancel</Link>} />
      <div className="profile-card">
        <InterestsPicker onSaved={() => void navigate(profilePath)} />
      </div>
    </section>
  );
}
