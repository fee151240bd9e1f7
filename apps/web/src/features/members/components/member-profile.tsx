import { VerifiedBadge } from '@/components/verified-badge';
import '@/features/members/members.css';
import { UI_TEXTS, matchesOnlyMessage, verifiedOnlyMessage, vocabularyLabel, type PublicProfile } from '@linkup/contract';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { Spinner } from '@/components/spinner';
import type { ReactNode } from 'react';
import { useMember } from '@/features/members/api/get-member';
import { PhotoGallery } from '@/features/members/components/photo-gallery';
import { isApiClientError } from '@/lib/api-client';
import { relativeTime } from '@/lib/format';

export const MEMBER_TEXTS = {
  loading: 'Loading profile',
  unavailableTitle: "This profile isn't available",
  unavailableText: 'It may have been removed, or it is no longer visible to you.',
  loadFailed: 'This profile could not be loaded.',
  tryAgain: 'Try again',
  back: 'Back',
  message: 'Message',
  onlineNow: 'Online now',
  about: 'About',
  interests: 'Interests',
  details: 'Details',
  getVerified: 'Get verified',
} as const;

/** The dating details another member may see, in the order the profile lists them. */
const DETAILS: readonly { key: keyof PublicProfile; label: string; format?: (value: string | number) => string }[] = [
  { key: 'gender', label: 'Gender' },
  { key: 'relationship_type', label: 'Looking for' },
  { key: 'marital_status', label: 'Marital status' },
  { key: 'body_type', label: 'Body type' },
  { key: 'height_cm', label: 'Height', format: (cm) => `${cm} cm` },
  { key: 'how_often_drink', label: 'Drinks' },
  { key: 'love_language', label: 'Love language' },
  { key: 'job_title', label: 'Job', format: String },
  { key: 'education', label: 'Education', format: String },
];

interface MemberProfileProps {
  memberId: string;
  /** The page's one h1 (visually hidden: the member's name is what shows). */
  title: string;
  onBack: () => void;
  /** Starts or opens the conversation with this member. */
  onMessage: (profile: PublicProfile) => void;
  /** While the conversation is being opened. */
  messaging?: boolean;
  /** Photo verification, offered when verifying would let the viewer write (their policy is `verified`). */
  verifyPath?: string;
  /** The options menu (block, report), composed by the route. */
  renderOptions?: (profile: PublicProfile) => ReactNode;
  /** More actions beside Message (Like and Pass come with Discover), composed by the route. */
  renderActions?: (profile: PublicProfile) => ReactNode;
}

/**
 * Another member's profile (`/app/user/:id`): photos, name and age, city and distance, when last
 * active, about, interests and dating details. A 404 (removed, or blocked either way) shows a
 * friendly "not available" state, never an error.
 */
export function MemberProfile({ memberId, title, onBack, onMessage, messaging = false, verifyPath, renderOptions, renderActions }: MemberProfileProps) {
  const member = useMember(memberId);
  // A 404 wins over an answer kept from before (a reload's kept cache, or a block since): a profile
  // that is gone or blocked is never shown from memory.
  const gone = member.isError && isApiClientError(member.error) && member.error.status === 404;
  const profile = gone ? undefined : member.data;

  return (
    <section className="mp-page" aria-busy={member.isPending}>
      <h1 className="sr-only">{title}</h1>
      <div className="mp-topbar">
        <button type="button" className="icon-button" aria-label={MEMBER_TEXTS.back} onClick={onBack}>
          <i className="pi pi-arrow-left" aria-hidden="true" />
        </button>
        {profile && renderOptions?.(profile)}
      </div>
      {profile ? (
        <ProfileBody profile={profile} onMessage={onMessage} messaging={messaging} verifyPath={verifyPath} renderActions={renderActions} />
      ) : gone ? (
        <MemberUnavailable />
      ) : member.isError ? (
        <div className="mp-state" role="alert">
          <p>{MEMBER_TEXTS.loadFailed}</p>
          <Button type="button" label={MEMBER_TEXTS.tryAgain} icon="pi pi-refresh" className="mp-button-secondary" onClick={() => void member.refetch()} />
        </div>
      ) : (
        <div className="mp-state" role="status">
          <Spinner size={36} />
          <span className="sr-only">{MEMBER_TEXTS.loading}</span>
        </div>
      )}
    </section>
  );
}

function MemberUnavailable() {
  return (
    <div className="mp-unavailable" data-testid="member-unavailable">
      <span className="mp-unavailable-icon" aria-hidden="true">
        <i className="pi pi-eye-slash" />
      </span>
      <h2 className="mp-unavailable-title">{MEMBER_TEXTS.unavailableTitle}</h2>
      <p className="mp-unavailable-text">{MEMBER_TEXTS.unavailableText}</p>
    </div>
  );
}

interface ProfileBodyProps {
  profile: PublicProfile;
  onMessage: (profile: PublicProfile) => void;
  messaging: boolean;
  verifyPath?: string | undefined;
  renderActions?: ((profile: PublicProfile) => ReactNode) | undefined;
}

function ProfileBody({ profile, onMessage, messaging, verifyPath, renderActions }: ProfileBodyProps) {
  const place = [profile.city, profile.province].filter(Boolean).join(', ');
  const details = DETAILS.flatMap(({ key, label, format }) => {
    const value = profile[key];
    if (value === null || value === undefined || value === '' || typeof value === 'object' || typeof value === 'boolean') return [];
    return [{ key, label, text: format ? format(value) : vocabularyLabel(String(value)) }];
  });

  return (
    <article className="mp-card" aria-labelledby="mp-name">
      <PhotoGallery photos={profile.photos} name={profile.name} />
      <div className="mp-summary">
        <h2 id="mp-name" className="mp-name">
          {profile.name}
          {profile.age !== null && <span className="mp-age">, {profile.age}</span>}
          <VerifiedBadge verified={profile.is_verified} />
        </h2>
        {(place || profile.distance) && (
          <p className="mp-place">
            <i className="pi pi-map-marker" aria-hidden="true" />
            <span>{[place, profile.distance].filter(Boolean).join(' · ')}</span>
          </p>
        )}
        <Presence profile={profile} />
      </div>

      <div className="mp-actions">
        {/* Message only where the server would accept it; otherwise say why (issue 17). */}
        {profile.relation?.accepts_messages === false ? (
          profile.relation.verification_unlocks_messages ? (
            <p className="mp-note">
              <i className="pi pi-lock" aria-hidden="true" /> {verifiedOnlyMessage(profile.name)}
              {verifyPath && <> <Link to={verifyPath}>{MEMBER_TEXTS.getVerified}</Link></>}
            </p>
          ) : (
            <p className="mp-note">
              <i className="pi pi-lock" aria-hidden="true" /> {matchesOnlyMessage(profile.name)}
            </p>
          )
        ) : (
          <Button
            type="button"
            label={MEMBER_TEXTS.message}
            icon="pi pi-comments"
            className="mp-button-primary"
            loading={messaging}
            disabled={messaging}
            onClick={() => onMessage(profile)}
          />
        )}
        {renderActions?.(profile)}
      </div>

      {profile.about && (
        <section className="mp-section" aria-labelledby="mp-about">
          <h3 id="mp-about" className="mp-section-title">{MEMBER_TEXTS.about}</h3>
          <p className="mp-about">{profile.about}</p>
        </section>
      )}

      {profile.interests.length > 0 && (
        <section className="mp-section" aria-labelledby="mp-interests">
          <h3 id="mp-interests" className="mp-section-title">{MEMBER_TEXTS.interests}</h3>
          <ul className="mp-chips" aria-labelledby="mp-interests">
            {profile.interests.map((interest) => (
              <li key={interest} className="mp-chip">{interest}</li>
            ))}
          </ul>
        </section>
      )}

      {details.length > 0 && (
        <section className="mp-section" aria-labelledby="mp-details">
          <h3 id="mp-details" className="mp-section-title">{MEMBER_TEXTS.details}</h3>
          <dl className="mp-details">
            {details.map((d) => (
              <div key={d.key} className="mp-detail">
                <dt>{d.label}</dt>
                <dd>{d.text}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </article>
  );
}

/** 'Online now', or 'Last active 2 hours ago'; nothing when the member hides it. */
function Presence({ profile }: { profile: PublicProfile }) {
  if (profile.is_online) {
    return (
      <p className="mp-presence is-online">
        <span className="mp-presence-dot" aria-hidden="true" />
        {MEMBER_TEXTS.onlineNow}
      </p>
    );
  }
  if (!profile.last_active_at) return null;
  const when = relativeTime(profile.last_active_at);
  return <p className="mp-presence">Last active {when === UI_TEXTS.time.justNow ? 'just now' : when}</p>;
}
