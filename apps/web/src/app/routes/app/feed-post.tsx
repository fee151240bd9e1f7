import { routeByName, vocabularyLabel, type FeedPostBody, type OwnProfile, type Preferences, type ProfileUpdate } from '@linkup/contract';
import { Link, useNavigate } from 'react-router';
import { LoadFailed, Loading } from '@/components/load-state';
import { PageHeader } from '@/components/page-header';
import { useMyPost } from '@/features/feed/api/get-my-post';
import { PostForm, type PostPartnerDefaults } from '@/features/feed/components/post-form';
import { usePreferences } from '@/features/preferences/api/get-preferences';
import { useProfile } from '@/features/profile/api/get-profile';
import { useUpdateProfile } from '@/features/profile/api/update-profile';
import { confirmDialog } from '@/lib/dialogs';
import { toast } from '@/lib/toast';

const FEED_PATH = routeByName('app.feed').path;

/** A wish of my preferences a post can say: the one value when I chose exactly one. */
const single = (values: readonly string[]) => (values.length === 1 ? values[0]! : null);

/** Where a new post's partner fields start: my dating preferences (issue 32). */
export function partnerFromPreferences(preferences: Preferences): PostPartnerDefaults {
  return {
    ageMin: preferences.age_min, ageMax: preferences.age_max, maritalStatus: single(preferences.marital_statuses),
    bodyType: single(preferences.body_types), drinking: single(preferences.drinking), loveLanguage: single(preferences.love_languages),
    city: preferences.city,
  };
}

/** The post's details about me that my profile lacks: offered to the profile after saving (issue 32). */
const PROFILE_FIELDS = ['marital_status', 'relationship_type', 'how_often_drink', 'love_language', 'body_type'] as const;
export function profileGaps(profile: Pick<OwnProfile, (typeof PROFILE_FIELDS)[number] | 'about'>, post: FeedPostBody): ProfileUpdate {
  const gaps: Record<string, string> = {};
  for (const field of PROFILE_FIELDS) {
    const value = post[field];
    if (value && !profile[field]) gaps[field] = value;
  }
  if (post.profile_description && !profile.about) gaps.about = post.profile_description;
  return gaps as ProfileUpdate;
}

/**
 * /app/feed/create and /app/feed/edit — one form (spec §2), prefilled from my profile (the
 * profile feature) or from my post (the feed feature); the route composes the two.
 */
export function FeedPostRoute({ mode }: { mode: 'create' | 'edit' }) {
  const navigate = useNavigate();
  const profile = useProfile();
  const myPost = useMyPost();
  // Without preferences (or while they fail) the post starts from 18–35: never a blocker.
  const preferences = usePreferences();
  const updateProfile = useUpdateProfile();
  const route = routeByName(mode === 'create' ? 'app.feed.create' : 'app.feed.edit');

  let body;
  const onSaved = async (saved: FeedPostBody) => {
    const gaps = profile.data ? profileGaps(profile.data, saved) : {};
    const fields = Object.entries(gaps).map(([field, value]) => (field === 'about' ? 'About me' : vocabularyLabel(String(value))));
    if (fields.length > 0 && await confirmDialog('Add these to your profile?', `Your post says: ${fields.join(', ')}. Your profile does not yet.`, { confirmLabel: 'Add to profile' })) {
      updateProfile.mutate(gaps, {
        onSuccess: () => toast.success('Your profile has been updated.'),
        onError: () => toast.error('Your profile could not be updated.'),
      });
    }
    void navigate(FEED_PATH);
  };

  if (profile.isPending || myPost.isPending || (mode === 'create' && preferences.isPending)) {
    body = <Loading label="Loading your post" />;
  } else if (profile.isError || myPost.isError) {
    body = <LoadFailed what="Your post" onRetry={() => { void profile.refetch(); void myPost.refetch(); }} />;
  } else if (mode === 'create' && myPost.data.has_post) {
    body = (
      <div className="feed-empty">
        <p className="feed-empty-title">You already have a post</p>
        <p className="feed-empty-text">Each member has one post. Edit it to change what it says.</p>
        <Link to={routeByName('app.feed.edit').path} className="btn-link-primary">Edit your post</Link>
      </div>
    );
  } else if (mode === 'edit' && !myPost.data.post) {
    body = (
      <div className="feed-empty">
        <p className="feed-empty-title">You don't have a post yet</p>
        <Link to={routeByName('app.feed.create').path} className="btn-link-primary">Create your post</Link>
      </div>
    );
  } else {
    body = (
      <PostForm mode={mode} profile={profile.data} post={mode === 'edit' ? myPost.data.post : null}
        partner={preferences.data ? partnerFromPreferences(preferences.data) : null}
        cancelPath={FEED_PATH} onSaved={(saved) => void onSaved(saved)} />
    );
  }

  return (
    <section className="feed-page">
      <PageHeader title={route.title} subtitle="Tell others about yourself and the partner you hope to meet." />
      {body}
    </section>
  );
}

export const FeedCreateRoute = () => <FeedPostRoute mode="create" />;
export const FeedEditRoute = () => <FeedPostRoute mode="edit" />;
