import '@/features/matching/matching.css';
import { routeByName, vocabularyLabel, type MatchDetails } from '@linkup/contract';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { PageHeader } from '@/components/page-header';
import { useMatch } from '@/features/matching/api/get-match';
import { useUnmatch } from '@/features/matching/api/unmatch';
import { EmptyState } from '@/features/matching/components/empty-state';
import { LoadFailed, Loading } from '@/components/load-state';
import { VerifiedBadge } from '@/components/verified-badge';
import { MemberPhoto } from '@/features/matching/components/member-photo';
import { confirmUnmatch } from '@/features/matching/utils/confirm-unmatch';
import { nameAndAge, placeLine, type MatchingMe } from '@/features/matching/utils/member';
import { matchingPaths } from '@/features/matching/utils/paths';
import { callErrorMessage, isApiClientError } from '@/lib/api-client';
import { DISPLAY_LOCALE } from '@/lib/format';

const matchDate = new Intl.DateTimeFormat(DISPLAY_LOCALE, { month: 'long', day: 'numeric', year: 'numeric' });

export interface MatchDetailsScreenProps {
  matchId: string;
  me?: MatchingMe | undefined;
}

/** /app/match/:id: when and how we matched, what we share, their profile, and 'Start Chat'. */
export function MatchDetailsScreen({ matchId, me }: MatchDetailsScreenProps) {
  const match = useMatch(matchId);
  let body;
  if (match.isPending) body = <Loading label="Loading the match" />;
  else if (match.isError && isApiClientError(match.error) && match.error.status === 404) {
    body = (
      <EmptyState icon="pi-heart" title="This match is no longer available" text="The match may have ended, or the member is no longer here.">
        <Link to={matchingPaths.matches} className="btn-link-primary">Back to my matches</Link>
      </EmptyState>
    );
  } else if (match.isError) body = <LoadFailed what="The match" onRetry={() => void match.refetch()} />;
  else body = <Details match={match.data} me={me} />;
  return (
    <section className="match-page">
      <PageHeader title={routeByName('app.match').title} />
      {body}
    </section>
  );
}

function howWeMatched(match: MatchDetails): string {
  const them = match.user.name;
  const verb = (kind: 'like' | 'super_like') => (kind === 'super_like' ? 'super liked' : 'liked');
  return match.liked_first === 'me'
    ? `You ${verb(match.my_action)} ${them} first, and ${them} ${verb(match.their_action)} you back.`
    : `${them} ${verb(match.their_action)} you first, and you ${verb(match.my_action)} ${them} back.`;
}

function Details({ match, me }: { match: MatchDetails; me?: MatchingMe | undefined }) {
  const navigate = useNavigate();
  const unmatch = useUnmatch();
  const { profile } = match;
  const place = placeLine(profile);
  const facts: [string, string][] = [
    ['Looking for', profile.relationship_type ? vocabularyLabel(profile.relationship_type) : ''],
    ['Marital status', profile.marital_status ? vocabularyLabel(profile.marital_status) : ''],
    ['Body type', profile.body_type ? vocabularyLabel(profile.body_type) : ''],
    ['Drinks', profile.how_often_drink ? vocabularyLabel(profile.how_often_drink) : ''],
    ['Love language', profile.love_language ? vocabularyLabel(profile.love_language) : ''],
    ['Height', profile.height_cm ? `${profile.height_cm} cm` : ''],
    ['Job', profile.job_title ?? ''],
    ['Education', profile.education ?? ''],
  ];
  const shown = facts.filter(([, value]) => value);

  const onUnmatch = async () => {
    if (!(await confirmUnmatch(match.user.name))) return;
    unmatch.mutate(match.id, {
      onSuccess: (message) => {
        toast.success(message);
        void navigate(matchingPaths.matches);
      },
      onError: (error) => toast.error(callErrorMessage(error, 'The match could not be ended. Please try again.')),
    });
  };

  return (
    <div className="match-details">
      <section className="match-panel match-details-hero" aria-label="Your match">
        <div className="match-celebration-photos">
          <MemberPhoto src={me?.photo} name={me?.name ?? 'You'} alt="You" className="match-celebration-photo" />
          <span className="match-celebration-heart" aria-hidden="true"><i className="pi pi-heart-fill" /></span>
          <MemberPhoto src={profile.photos[0]?.sizes.medium ?? match.user.photo?.medium} name={match.user.name} alt={match.user.name} className="match-celebration-photo" />
        </div>
        <h2 className="match-details-name">{nameAndAge(profile)}<VerifiedBadge verified={profile.is_verified} /></h2>
        <p className="match-details-date">
          {match.kind === 'super_like' && <><i className="pi pi-star-fill" aria-hidden="true" /> Super match · </>}
          You matched on <time dateTime={match.created_at}>{matchDate.format(new Date(match.created_at))}</time>
        </p>
        <p className="match-details-how">{howWeMatched(match)}</p>
        <div className="match-details-actions">
          {match.chat_room_id && (
            <Link to={matchingPaths.chat(match.chat_room_id)} className="btn-link-primary">
              <i className="pi pi-comments" aria-hidden="true" /> Start Chat
            </Link>
          )}
          <Link to={matchingPaths.user(match.user.id)} className="btn-outline match-inline-button">
            <i className="pi pi-user" aria-hidden="true" /> View profile
          </Link>
        </div>
      </section>

      <section className="match-panel" aria-labelledby="shared-title">
        <h2 id="shared-title" className="match-panel-title">What you share</h2>
        {match.shared_interests.length > 0 ? (
          <ul className="match-chips" aria-label="Shared interests">
            {match.shared_interests.map((i) => <li key={i} className="match-chip match-chip--shared">{i}</li>)}
          </ul>
        ) : (
          <p className="match-muted">No shared interests yet — ask about theirs.</p>
        )}
      </section>

      <section className="match-panel" aria-labelledby="about-title">
        <h2 id="about-title" className="match-panel-title">About {profile.name}</h2>
        {place && <p className="match-muted"><i className="pi pi-map-marker" aria-hidden="true" /> {place}</p>}
        {profile.about && <p className="discover-about">{profile.about}</p>}
        {shown.length > 0 && (
          <dl className="match-facts">
            {shown.map(([label, value]) => (
              <div key={label} className="match-fact"><dt>{label}</dt><dd>{value}</dd></div>
            ))}
          </dl>
        )}
        {profile.interests.length > 0 && (
          <ul className="match-chips" aria-label={`${profile.name}'s interests`}>
            {profile.interests.map((i) => <li key={i} className="match-chip">{i}</li>)}
          </ul>
        )}
      </section>

      <button type="button" className="match-unmatch" onClick={() => void onUnmatch()} disabled={unmatch.isPending}>
        <i className="pi pi-times-circle" aria-hidden="true" /> Unmatch {match.user.name}
      </button>
    </div>
  );
}
