import { routeByName } from '@linkup/contract';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { PhotoManager } from '@/features/profile/components/photo-manager';

/** /app/profile/photos — upload, order, choose the main photo, delete. */
export function ProfilePhotosRoute() {
  return (
    <section className="profile-page">
      <PageHeader
        title={routeByName('app.profile.photos').title}
        subtitle="Your main photo is the first thing other members see."
        actions={<Link to={routeByName('app.profile').path} className="profile-header-link">Done</Link>}
      />
      <div className="profile-card">
        <PhotoManager crop />
      </div>
    </section>
  );
}
