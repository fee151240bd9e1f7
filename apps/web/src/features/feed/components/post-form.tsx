import '@/features/feed/feed.css';
import { AGE_LIMITS, BODY_TYPES, CITIES, DRINKING_HABITS, FEED_DEFAULTS, FEED_ERRORS, FEED_IMAGE_SLOTS, FIELD_LIMITS, LOVE_LANGUAGES, MARITAL_STATUSES, RELATIONSHIP_TYPES, vocabularyLabel, type FeedPostBody, type OwnFeedPost, type OwnProfile } from '@linkup/contract';
import { Button } from '@/components/button';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { FormField, FormMessage, fieldAria } from '@/components/form-field';
import { useSaveMyPost } from '@/features/feed/api/save-my-post';
import { uploadPostImage } from '@/features/feed/api/upload-post-image';
import { isApiClientError } from '@/lib/api-client';
import { serverFormErrors, zodFormErrors, type FormErrors, placeFailure } from '@/lib/form-errors';
import { schemas } from '@/lib/schemas';
import { mediaUrl } from '@/lib/media-url';

/** What the form shows of the member's profile (the server takes these from the profile). */
export type PostFormProfile = Pick<
  OwnProfile, 'name' | 'age' | 'gender' | 'city' | 'about' | 'marital_status' | 'relationship_type' | 'how_often_drink' | 'love_language' | 'body_type' | 'photos'
>;

interface Slot {
  id: string;
  url: string;
}

interface Values {
  marital_status: string;
  relationship_type: string;
  how_often_drink: string;
  love_language: string;
  body_type: string;
  profile_description: string;
  is_available: boolean;
  preferred_age_min: number;
  preferred_age_max: number;
  preferred_body_type: string;
  preferred_city: string;
  preferred_drinking: string;
  preferred_love_language: string;
  preferred_marital_status: string;
  photos: (Slot | null)[];
}

/**
 * The partner a new post starts from (issue 32): the member's dating preferences — their age
 * range, and a wish where they chose exactly one (a marital status, a body type…).
 */
export interface PostPartnerDefaults {
  ageMin: number;
  ageMax: number;
  maritalStatus: string | null;
  bodyType: string | null;
  drinking: string | null;
  loveLanguage: string | null;
  city: string | null;
}

type Field = Exclude<keyof Values, 'photos'> | (typeof FEED_IMAGE_SLOTS)[number] | 'photo';

const AGES = Array.from({ length: AGE_LIMITS.max - AGE_LIMITS.min + 1 }, (_, i) => AGE_LIMITS.min + i);

/**
 * Create: the profile's details and photos, the partner of my preferences (else 18–35), available.
 * Edit: the post as it is.
 */
function initialValues(profile: PostFormProfile, post: OwnFeedPost | null, partner: PostPartnerDefaults | null): Values {
  if (post) {
    return {
      marital_status: post.marital_status ?? '', relationship_type: post.relationship_type ?? '', how_often_drink: post.how_often_drink ?? '',
      love_language: post.love_language ?? '', body_type: post.body_type ?? '', profile_description: post.profile_description ?? '',
      is_available: post.is_available, preferred_age_min: post.preferred_age_min, preferred_age_max: post.preferred_age_max,
      preferred_body_type: post.preferred_body_type ?? '', preferred_city: post.preferred_city ?? '', preferred_drinking: post.preferred_drinking ?? '',
      preferred_love_language: post.preferred_love_language ?? '', preferred_marital_status: post.preferred_marital_status ?? '',
      photos: FEED_IMAGE_SLOTS.map((slot) => {
        const image = post.images[slot];
        return image ? { id: image.id, url: image.sizes.medium } : null;
      }),
    };
  }
  const photos: (Slot | null)[] = profile.photos.slice(0, FEED_IMAGE_SLOTS.length).map((p) => ({ id: p.id, url: p.sizes.medium }));
  while (photos.length < FEED_IMAGE_SLOTS.length) photos.push(null);
  return {
    marital_status: profile.marital_status ?? '', relationship_type: profile.relationship_type ?? '', how_often_drink: profile.how_often_drink ?? '',
    love_language: profile.love_language ?? '', body_type: profile.body_type ?? '', profile_description: profile.about ?? '',
    is_available: FEED_DEFAULTS.isAvailable,
    preferred_age_min: partner?.ageMin ?? FEED_DEFAULTS.preferredAgeMin, preferred_age_max: partner?.ageMax ?? FEED_DEFAULTS.preferredAgeMax,
    preferred_body_type: partner?.bodyType ?? '', preferred_city: partner?.city ?? '', preferred_drinking: partner?.drinking ?? '',
    preferred_love_language: partner?.loveLanguage ?? '', preferred_marital_status: partner?.maritalStatus ?? '',
    photos,
  };
}

function toBody(values: Values): FeedPostBody {
  const orNull = (value: string) => (value === '' ? null : value);
  const body: Record<string, unknown> = {
    marital_status: orNull(values.marital_status), relationship_type: orNull(values.relationship_type), how_often_drink: orNull(values.how_often_drink),
    love_language: orNull(values.love_language), body_type: orNull(values.body_type), profile_description: orNull(values.profile_description),
    is_available: values.is_available, preferred_age_min: values.preferred_age_min, preferred_age_max: values.preferred_age_max,
    preferred_body_type: orNull(values.preferred_body_type), preferred_city: orNull(values.preferred_city), preferred_drinking: orNull(values.preferred_drinking),
    preferred_love_language: orNull(values.preferred_love_language), preferred_marital_status: orNull(values.preferred_marital_status),
  };
  FEED_IMAGE_SLOTS.forEach((slot, i) => {
    body[slot] = values.photos[i]?.id ?? null;
  });
  return body as FeedPostBody;
}

interface PostFormProps {
  mode: 'create' | 'edit';
  profile: PostFormProfile;
  post: OwnFeedPost | null;
  /** Create: where the partner fields start (my preferences); none: 18–35 and nothing else. */
  partner?: PostPartnerDefaults | null;
  /** After a save, with what was saved: back to the feed. */
  onSaved: (saved: FeedPostBody) => void;
  cancelPath: string;
}

/**
 * The own-post form of spec §3, for /app/feed/create and /app/feed/edit: who I am (from my
 * profile), my photos (profile photos or new uploads), a few words, and the partner I hope to
 * meet (my preferences' age range and single wishes, else 18–35). Creating resets the form.
 */
export function PostForm({ mode, profile, post, partner = null, onSaved, cancelPath }: PostFormProps) {
  const [values, setValues] = useState<Values>(() => initialValues(profile, post, partner));
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const save = useSaveMyPost(mode);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const text = (key: Exclude<keyof Values, 'photos' | 'is_available' | 'preferred_age_min' | 'preferred_age_max'>) =>
    (event: { target: { value: string } }) => set(key, event.target.value);
  const freeSlot = values.photos.findIndex((p) => p === null);
  const used = new Set(values.photos.filter((p): p is Slot => p !== null).map((p) => p.id));

  const putInSlot = (slot: Slot) => setValues((v) => {
    const index = v.photos.findIndex((p) => p === null);
    if (index < 0) return v;
    const photos = [...v.photos];
    photos[index] = slot;
    return { ...v, photos };
  });
  const removeSlot = (index: number) => setValues((v) => ({ ...v, photos: v.photos.map((p, i) => (i === index ? null : p)) }));

  const onUpload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setErrors((e) => ({ ...e, photo: undefined }));
    try {
      const image = await uploadPostImage(file);
      putInSlot({ id: image.id, url: image.sizes.medium });
    } catch (error) {
      const message = isApiClientError(error) ? (serverFormErrors(error.errors).photo ?? error.message) : 'The photo could not be added.';
      setErrors((e) => ({ ...e, photo: message }));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const body = toBody(values);
    const parsed = (await schemas()).FeedPostBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(zodFormErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(body, {
      onSuccess: ({ message }) => {
        toast.success(message ?? (mode === 'create' ? 'Your post has been published.' : 'Your post has been updated.'));
        if (mode === 'create') setValues(initialValues(profile, null, partner));
        onSaved(body);
      },
      onError: (error) => {
        // One message in place (issue 32 item 16): beside the fields, else the failure and why.
        const failure = placeFailure<Field>(error, mode === 'create' ? FEED_ERRORS.createPost : FEED_ERRORS.updatePost);
        setErrors(failure.fields);
        setFormError(failure.alert);
      },
    });
  };

  type SelectField = Exclude<Field, 'photo' | 'is_available' | 'profile_description' | (typeof FEED_IMAGE_SLOTS)[number]>;
  const select = (id: SelectField, label: string, options: readonly (string | number)[], anyLabel: string | null, show: (o: string) => string = vocabularyLabel) => (
    <FormField id={`post-${id}`} label={label} error={errors[id]}>
      <select id={`post-${id}`} className="feed-select" value={values[id]} {...fieldAria(`post-${id}`, errors[id])}
        onChange={(e) => set(id, (typeof values[id] === 'number' ? Number(e.target.value) : e.target.value) as never)}>
        {anyLabel !== null && <option value="">{anyLabel}</option>}
        {options.map((o) => <option key={o} value={o}>{typeof o === 'number' ? o : show(o)}</option>)}
      </select>
    </FormField>
  );
  const cities = CITIES.includes(values.preferred_city) || !values.preferred_city ? CITIES : [values.preferred_city, ...CITIES];

  return (
    <form className="feed-form post-form" aria-label={mode === 'create' ? 'Create your post' : 'Edit your post'} onSubmit={submit} noValidate>
      {formError && <FormMessage tone="error">{formError}</FormMessage>}

      <section className="post-form-section" aria-labelledby="post-about-title">
        <h2 id="post-about-title" className="post-form-title">About you</h2>
        <p className="field-hint">Your name, age, gender and city come from your profile.</p>
        <dl className="facts">
          <div><dt>Name</dt><dd>{profile.name}</dd></div>
          <div><dt>Age</dt><dd>{profile.age ?? '—'}</dd></div>
          <div><dt>Gender</dt><dd>{profile.gender ? vocabularyLabel(profile.gender) : '—'}</dd></div>
          <div><dt>City</dt><dd>{profile.city ?? '—'}</dd></div>
        </dl>
        <FormField id="post-profile_description" label="About me" error={errors.profile_description}
          hint={`${values.profile_description.length}/${FIELD_LIMITS.aboutMax}`}>
          <textarea id="post-profile_description" className="feed-textarea" rows={4} maxLength={FIELD_LIMITS.aboutMax}
            value={values.profile_description} onChange={text('profile_description')}
            {...fieldAria('post-profile_description', errors.profile_description, true)} />
        </FormField>
        <div className="feed-form-row">
          {select('relationship_type', 'Relationship type', RELATIONSHIP_TYPES, 'Not set')}
          {select('marital_status', 'Marital status', MARITAL_STATUSES, 'Not set')}
        </div>
        <div className="feed-form-row">
          {select('body_type', 'Body type', BODY_TYPES, 'Not set')}
          {select('how_often_drink', 'How often I drink', DRINKING_HABITS, 'Not set')}
        </div>
        {select('love_language', 'Love language', LOVE_LANGUAGES, 'Not set')}
      </section>

      <section className="post-form-section" aria-labelledby="post-photos-title">
        <h2 id="post-photos-title" className="post-form-title">Photos</h2>
        <ul className="post-slots" aria-label="Photos of the post">
          {values.photos.map((photo, i) => (
            <li key={i} className="post-slot">
              {photo ? (
                <>
                  <img src={mediaUrl(photo.url)} alt={`Photo ${i + 1}`} />
                  <button type="button" className="post-slot-remove" aria-label={`Remove photo ${i + 1}`} onClick={() => removeSlot(i)}>
                    <i className="pi pi-times" aria-hidden="true" />
                  </button>
                </>
              ) : (
                <span className="post-slot-empty">Photo {i + 1}</span>
              )}
              {errors[FEED_IMAGE_SLOTS[i]!] && <small className="field-error">{errors[FEED_IMAGE_SLOTS[i]!]}</small>}
            </li>
          ))}
        </ul>
        {profile.photos.some((p) => !used.has(p.id)) && (
          <div className="post-picker">
            <p className="field-hint">Add one of your profile photos:</p>
            <ul className="post-picker-list">
              {profile.photos.filter((p) => !used.has(p.id)).map((p, i) => (
                <li key={p.id}>
                  <button type="button" className="post-picker-photo" disabled={freeSlot < 0}
                    aria-label={`Add profile photo ${i + 1}`} onClick={() => putInSlot({ id: p.id, url: p.sizes.medium })}>
                    <img src={mediaUrl(p.sizes.thumb)} alt="" />
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
        <FormField id="post-photo-upload" label="Upload a new photo" error={errors.photo} hint="JPEG, PNG or WebP. Location and camera details are removed.">
          {/* The app's photo picker, not the browser's raw "Choose File" (issue 32 item 8). */}
          <div className="post-photo-pick">
            <input id="post-photo-upload" ref={fileInput} type="file" accept="image/*" className="sr-only" disabled={freeSlot < 0 || uploading}
              onChange={(e) => void onUpload(e.target.files?.[0])} {...fieldAria('post-photo-upload', errors.photo, true)} />
            <label htmlFor="post-photo-upload" aria-hidden="true" data-testid="post-photo-pick"
              className={`p-button p-button-outlined p-button-sm${freeSlot < 0 || uploading ? ' p-disabled' : ''}`}>
              <i className={`pi ${uploading ? 'pi-spin pi-spinner' : 'pi-image'} p-button-icon-left`} aria-hidden="true" />
              <span className="p-button-label">{uploading ? 'Uploading photo…' : 'Choose a photo'}</span>
            </label>
          </div>
        </FormField>
      </section>

      <section className="post-form-section" aria-labelledby="post-partner-title">
        <h2 id="post-partner-title" className="post-form-title">Who you hope to meet</h2>
        <div className="feed-form-row">
          {select('preferred_age_min', 'Minimum age', AGES, null)}
          {select('preferred_age_max', 'Maximum age', AGES, null)}
        </div>
        <div className="feed-form-row">
          {select('preferred_body_type', 'Body type', BODY_TYPES, 'Any')}
          {select('preferred_drinking', 'Drinking', DRINKING_HABITS, 'Any')}
        </div>
        <div className="feed-form-row">
          {select('preferred_love_language', 'Love language', LOVE_LANGUAGES, 'Any')}
          {select('preferred_marital_status', 'Marital status', MARITAL_STATUSES, 'Any')}
        </div>
        {select('preferred_city', 'City', cities, 'Any', (c) => c)}
        <label className="post-available">
          <input type="checkbox" checked={values.is_available} onChange={(e) => set('is_available', e.target.checked)} />
          <span>Show my post in the feed</span>
        </label>
      </section>

      <div className="feed-form-actions">
        <Link to={cancelPath} className="btn-outline post-button">Cancel</Link>
        <Button type="submit" label={mode === 'create' ? 'Publish post' : 'Save changes'} icon="pi pi-check" className="feed-button-primary"
          loading={save.isPending} disabled={uploading} />
      </div>
    </form>
  );
}
