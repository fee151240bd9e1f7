import '@/features/profile/profile.css';
import { type OwnProfile } from '@linkup/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { useProfile } from '@/features/profile/api/get-profile';
import { CompletionMeter, type ProfilePaths } from '@/features/profile/components/completion-meter';
import { PROFILE_FIELD_LABELS, choiceLabel } from '@/features/profile/components/labels';
import { LoadFailed, Loading } from '@/components/load-state';
import { mediaUrl } from '@/lib/media-url';

export interface ProfileOverviewProps {
  paths: ProfilePaths & { preferences: string };
}

/** /app/profile: my profile as other members see it, the completion meter and where to change things. */
export function ProfileOverview({ paths }: ProfileOverviewProps) {
  const profile = useProfile();
  if (profile.isError) return <LoadFailed what="Your profile" onRetry={() => void profile.refetch()} />;
  if (!profile.data) return <Loading label="Loading your profile" />;
  return <Overview profile={profile.data} paths={paths} />;
}

function Overview({ profile, paths }: { profile: OwnProfile } & ProfileOverviewProps) {
  const [shown, setShown] = useState(0);
  const photo = profile.photos[Math.min(shown, profile.photos.length - 1)];
  const place = [profile.city, profile.province].filter(Boolean).join(', ');
  const details: [string, string][] = (
    [
      [PROFILE_FIELD_LABELS.gender, choiceLabel(profile.gender)],
      [PROFILE_FIELD_LABELS.relationship_type, choiceLabel(profile.relationship_type)],
      [PROFILE_FIELD_LABELS.marital_status, choiceLabel(profile.marital_status)],
      [PROFILE_FIELD_LABELS.body_type, choiceLabel(profile.body_type)],
      [PROFILE_FIELD_LABELS.how_often_drink, choiceLabel(profile.how_often_drink)],
      [PROFILE_FIELD_LABELS.love_language, choiceLabel(profile.love_language)],
      ['Height', profile.height_cm ? `${profile.height_cm} cm` : ''],
      [PROFILE_FIELD_LABELS.job_title, profile.job_title ?? ''],
      [PROFILE_FIELD_LABELS.education, profile.education ?? ''],
    ] as [string, string][]
  ).filter(([, value]) => value);

  return (
    <div className="profile-overview">
      <section className="profile-card profile-hero" aria-label="How other members see you">
        <div className="profile-hero-photo">
          {photo ? (
            <img src={mediaUrl(photo.sizes.large)} alt={`${profile.name}, photo ${shown + 1} of ${profile.photos.length}`} />
          ) : (
            <Link to={paths.photos} className="profile-hero-empty">
              <i className="pi pi-camera" aria-hidden="true" />
              <span>Add your first photo</span>
            </Link>
          )}
        </div>
        {profile.photos.length > 1 && (
          <div className="profile-thumbs" role="group" aria-label="Photos">
            {profile.photos.map((p, i) => (
              <button key={p.id} type="button" className={`profile-thumb${i === shown ? ' is-current' : ''}`} aria-pressed={i === shown}
                aria-label={`Show photo ${i + 1}`} onClick={() => setShown(i)}>
                <img src={mediaUrl(p.sizes.thumb)} alt="" />
              </button>
            ))}
          </div>
        )}
        <div className="profile-hero-text">
          <h2 className="profile-name">
            {profile.name}
            {profile.age !== null && <span className="profile-age">, {profile.age}</span>}
          </h2>
          {place && <p className="profile-place"><i className="pi pi-map-marker" aria-hidden="true" /> {place}</p>}
        </div>
      </section>

      <nav className="profile-actions" aria-label="Change my profile">
        <Link to={paths.edit} className="profile-action-link"><i className="pi pi-user-edit" aria-hidden="true" /> Edit Profile</Link>
        <Link to={paths.photos} className="profile-action-link"><i className="pi pi-images" aria-hidden="true" /> My Photos</Link>
        <Link to={paths.interests} className="profile-action-link"><i className="pi pi-heart" aria-hidden="true" /> Interests</Link>
        <Link to={paths.preferences} className="profile-action-link"><i className="pi pi-sliders-h" aria-hidden="true" /> Dating Preferences</Link>
      </nav>

      <CompletionMeter completion={profile.completion} paths={paths} />

      <section className="profile-card" aria-labelledby="about-title">
        <h2 id="about-title" className="profile-card-title">About me</h2>
        {profile.about ? <p className="profile-about">{profile.about}</p> : <p className="field-hint">You have not written anything about yourself yet.</p>}
      </section>

      <section className="profile-card" aria-labelledby="interests-title">
        <h2 id="interests-title" className="profile-card-title">Interests</h2>
        {profile.interests.length > 0 ? (
          <ul className="interest-chips interest-chips--static">
            {profile.interests.map((name) => <li key={name}><span className="interest-chip is-selected">{name}</span></li>)}
          </ul>
        ) : (
          <p className="field-hint">No interests picked yet.</p>
        )}
      </section>

      {details.length > 0 && (
        <section className="profile-card" aria-labelledby="details-title">
          <h2 id="details-title" className="profile-card-title">Details</h2>
          <dl className="profile-details">
            {details.map(([label, value]) => (
              <div key={label} className="profile-detail">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </div>
  );
}
