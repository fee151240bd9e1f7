import { z } from 'zod';
import { AGE_LIMITS, FIELD_LIMITS } from '../constants';
import {
  BODY_TYPES, DRINKING_HABITS, GENDERS, INTERESTS_MAX, LOVE_LANGUAGES, MARITAL_STATUSES, PROVINCES, RELATIONSHIP_TYPES,
} from '../vocabularies';
import { IdSchema, TimestampSchema, lineText, multilineText } from './common';

/**
 * Profiles issue: photos and the profile another member sees. The own-profile, interests and
 * onboarding schemas follow below (profile module).
 */

/** Most photos a member may have. */
export const PHOTOS_MAX = 6;

/** Stored sizes of every photo (long edge in pixels): large 1080, medium 540, thumb 160. */
export const PhotoSizesSchema = z.object({ large: z.string(), medium: z.string(), thumb: z.string() });
export type PhotoSizes = z.infer<typeof PhotoSizesSchema>;

export const PhotoSchema = z.object({
  id: IdSchema,
  /** The large size; `sizes` has every size. */
  url: z.string(),
  sizes: PhotoSizesSchema,
  width: z.number().int(),
  height: z.number().int(),
  position: z.number().int().min(0),
  is_primary: z.boolean(),
  created_at: TimestampSchema,
});
export type Photo = z.infer<typeof PhotoSchema>;

/** The dating-relevant fields, the same in every view of a profile (the server's `datingFields`). */
const DATING_FIELDS = {
  marital_status: z.string().nullable(),
  body_type: z.string().nullable(),
  relationship_type: z.string().nullable(),
  how_often_drink: z.string().nullable(),
  love_language: z.string().nullable(),
  height_cm: z.number().int().nullable(),
  job_title: z.string().nullable(),
  education: z.string().nullable(),
};

/**
 * Another member's profile as anyone may see it (`GET /users/{id}`, discover cards, likes).
 * Never carries phone, e-mail, date of birth or coordinates; `age` and `distance` are null when
 * the member hides them (privacy settings) or they are unknown. `distance` is a bucket label.
 */
export const PublicProfileSchema = z.object({
  id: IdSchema,
  name: z.string(),
  age: z.number().int().nullable(),
  gender: z.string().nullable(),
  city: z.string().nullable(),
  province: z.string().nullable(),
  distance: z.string().nullable(),
  about: z.string().nullable(),
  photos: z.array(PhotoSchema),
  interests: z.array(z.string()),
  ...DATING_FIELDS,
  /** Null when the member hides when they are online. */
  last_active_at: TimestampSchema.nullable(),
  is_online: z.boolean().nullable(),
  /** Photo-verified (issue 31): the badge beside the name. */
  is_verified: z.boolean().optional(),
  /**
   * Where the viewer stands with this member (`GET /users/{id}` of another member only): the
   * profile offers only what the server would accept (issue 17).
   */
  relation: z.object({
    /** Matched now: no Like / Pass, only Message. */
    matched: z.boolean(),
    /**
     * They liked or super liked the viewer: 'Like back'. Told only to a premium viewer (People Who
     * Like You is premium) or once matched; a free member always reads false.
     */
    liked_me: z.boolean(),
    /** False when they accept messages only from matches (or matches and verified members) and the viewer is neither. */
    accepts_messages: z.boolean(),
    /** Not accepted now, but would be once the viewer is photo-verified (their policy is `verified`; issue 31). */
    verification_unlocks_messages: z.boolean(),
  }).optional(),
});
export type PublicProfile = z.infer<typeof PublicProfileSchema>;
export type MemberRelation = NonNullable<PublicProfile['relation']>;

// ── The member's own profile (profile module: GET/PUT /profile, photos, interests) ──

/** Height a member may give, in centimetres. */
export const HEIGHT_LIMITS = { min: 120, max: 230 } as const;

/** Lengths of the free-text profile fields (about and name are in FIELD_LIMITS). */
export const PROFILE_TEXT_LIMITS = { jobTitleMax: 80, educationMax: 80 } as const;

/** Messages of the profile endpoints and forms. */
export const PROFILE_MESSAGES = {
  updated: 'Your profile has been updated.',
  interestsSaved: 'Your interests have been saved.',
  photoUploaded: 'Your photo has been added.',
  photoDeleted: 'The photo has been deleted.',
  primarySet: 'This is now your main photo.',
  orderSaved: 'Your photos have been reordered.',
  name: 'Enter your name.',
  nameLength: `Your name can be at most ${FIELD_LIMITS.nameMax} characters.`,
  dateOfBirth: 'Enter a valid date of birth.',
  underage: `You must be at least ${AGE_LIMITS.min} years old to use LinkUp.`,
  choose: 'Choose from the list.',
  province: 'Choose a province from the list.',
  city: 'Choose a city in the chosen province.',
  cityAndProvince: 'Choose both your province and your city.',
  height: `Enter a height from ${HEIGHT_LIMITS.min} to ${HEIGHT_LIMITS.max} cm.`,
  about: `About me can be at most ${FIELD_LIMITS.aboutMax} characters.`,
  jobTitle: `Your job title can be at most ${PROFILE_TEXT_LIMITS.jobTitleMax} characters.`,
  education: `Education can be at most ${PROFILE_TEXT_LIMITS.educationMax} characters.`,
  interestUnknown: 'Choose interests from the list.',
  interestsMax: `Choose at most ${INTERESTS_MAX} interests.`,
  photoMissing: 'Choose a photo to upload.',
  photoNotImage: 'This file is not an image. Choose a JPEG, PNG or WebP photo.',
  photoFormat: 'This type of image is not supported. Choose a JPEG, PNG or WebP photo.',
  photoTooManyPixels: 'This image is too large (too many pixels). Choose a smaller photo.',
  photoCorrupt: 'This image could not be read. Choose another photo.',
  photosMax: `You can have at most ${PHOTOS_MAX} photos. Delete one first.`,
  photoOrder: 'Send every one of your photos exactly once.',
} as const;

/** "The photo is too large" with the limit in megabytes (server and web use the same words). */
export function photoTooLargeMessage(maxBytes: number): string {
  const mb = maxBytes / (1024 * 1024);
  return `This photo is too large. Choose one of at most ${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB.`;
}

/** Whole years between a YYYY-MM-DD birth date and `at` (UTC). */
export function ageOnDate(dateOfBirth: string, at: Date = new Date()): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = at.getUTCFullYear() - y;
  if (at.getUTCMonth() + 1 < m || (at.getUTCMonth() + 1 === m && at.getUTCDate() < d)) age -= 1;
  return age;
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * What the completion meter counts, with its weight (the weights add up to 100) and where it
 * is fixed: `photos` on My Photos, `interests` on Interests, everything else on Edit Profile.
 */
export const PROFILE_COMPLETION_ITEMS = [
  { field: 'photos', label: 'Add a photo', weight: 20 },
  { field: 'about', label: 'Write something about yourself', weight: 15 },
  { field: 'gender', label: 'Your gender', weight: 8 },
  { field: 'date_of_birth', label: 'Your date of birth', weight: 8 },
  { field: 'city', label: 'Your city and province', weight: 10 },
  { field: 'interests', label: 'Pick your interests', weight: 10 },
  { field: 'relationship_type', label: "What you're looking for", weight: 6 },
  { field: 'marital_status', label: 'Marital status', weight: 4 },
  { field: 'body_type', label: 'Body type', weight: 4 },
  { field: 'how_often_drink', label: 'How often you drink', weight: 3 },
  { field: 'love_language', label: 'Love language', weight: 3 },
  { field: 'height_cm', label: 'Your height', weight: 3 },
  { field: 'job_title', label: 'Your job', weight: 3 },
  { field: 'education', label: 'Your education', weight: 3 },
] as const;
export type ProfileCompletionField = (typeof PROFILE_COMPLETION_ITEMS)[number]['field'];

export const ProfileCompletionSchema = z.object({
  /** 0–100, from the weights of PROFILE_COMPLETION_ITEMS. */
  percentage: z.number().int().min(0).max(100),
  missing: z.array(z.object({ field: z.string(), label: z.string() })),
});
export type ProfileCompletion = z.infer<typeof ProfileCompletionSchema>;

/**
 * `GET /profile`: the member's own full profile. Their own contact details and birth date, never
 * coordinates (the coarse location cell stays on the server).
 */
export const OwnProfileSchema = z.object({
  id: IdSchema,
  name: z.string(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  age: z.number().int().nullable(),
  gender: z.string().nullable(),
  ...DATING_FIELDS,
  about: z.string().nullable(),
  city: z.string().nullable(),
  province: z.string().nullable(),
  /** In position order; the primary photo is marked `is_primary`. */
  photos: z.array(PhotoSchema),
  /** Interest names, in catalogue order. */
  interests: z.array(z.string()),
  profile_completed: z.boolean(),
  onboarding_completed_at: TimestampSchema.nullable(),
  completion: ProfileCompletionSchema,
});
export type OwnProfile = z.infer<typeof OwnProfileSchema>;

/** A free-text field: trimmed; empty becomes null (cleared). `about` may span lines, the others not. */
const optionalText = (max: number, message: string, lines = false) =>
  (lines ? multilineText() : lineText())
    .trim()
    .max(max, { error: message })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();
const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: PROFILE_MESSAGES.choose });

/**
 * The editable fields of `PUT /profile`, each optional (a partial update changes only what is
 * sent). The dating fields, height, job, education and about may be cleared with null; name,
 * birth date, gender and location may be changed, not removed. Without the cross-field checks:
 * use ProfileUpdateSchema.
 */
export const ProfileUpdateFieldsSchema = z.object({
  name: lineText({ error: PROFILE_MESSAGES.name }).trim().min(1, { error: PROFILE_MESSAGES.name }).max(FIELD_LIMITS.nameMax, { error: PROFILE_MESSAGES.nameLength }).optional(),
  date_of_birth: lineText({ error: PROFILE_MESSAGES.dateOfBirth })
    .refine(isCalendarDate, { error: PROFILE_MESSAGES.dateOfBirth })
    .refine((value) => !isCalendarDate(value) || ageOnDate(value) >= AGE_LIMITS.min, { error: PROFILE_MESSAGES.underage })
    .refine((value) => !isCalendarDate(value) || ageOnDate(value) <= 120, { error: PROFILE_MESSAGES.dateOfBirth })
    .optional(),
  gender: choice(GENDERS).optional(),
  marital_status: choice(MARITAL_STATUSES).nullable().optional(),
  body_type: choice(BODY_TYPES).nullable().optional(),
  relationship_type: choice(RELATIONSHIP_TYPES).nullable().optional(),
  how_often_drink: choice(DRINKING_HABITS).nullable().optional(),
  love_language: choice(LOVE_LANGUAGES).nullable().optional(),
  height_cm: z
    .number({ error: PROFILE_MESSAGES.height })
    .int({ error: PROFILE_MESSAGES.height })
    .min(HEIGHT_LIMITS.min, { error: PROFILE_MESSAGES.height })
    .max(HEIGHT_LIMITS.max, { error: PROFILE_MESSAGES.height })
    .nullable()
    .optional(),
  job_title: optionalText(PROFILE_TEXT_LIMITS.jobTitleMax, PROFILE_MESSAGES.jobTitle),
  education: optionalText(PROFILE_TEXT_LIMITS.educationMax, PROFILE_MESSAGES.education),
  about: optionalText(FIELD_LIMITS.aboutMax, PROFILE_MESSAGES.about, true),
  province: lineText({ error: PROFILE_MESSAGES.province }).refine((p) => Object.hasOwn(PROVINCES, p), { error: PROFILE_MESSAGES.province }).optional(),
  city: lineText({ error: PROFILE_MESSAGES.city }).max(FIELD_LIMITS.cityMax, { error: PROFILE_MESSAGES.city }).optional(),
});

/** Every field name `PUT /profile` accepts. */
export const PROFILE_UPDATE_FIELDS = Object.keys(ProfileUpdateFieldsSchema.shape) as (keyof typeof ProfileUpdateFieldsSchema.shape)[];

/**
 * `PUT /profile` body, used by the server and the web form alike: the fields above, plus city and
 * province sent together with the city one of that province's cities.
 */
export const ProfileUpdateSchema = ProfileUpdateFieldsSchema.superRefine((value, ctx) => {
  const hasCity = value.city !== undefined;
  const hasProvince = value.province !== undefined;
  if (hasCity !== hasProvince) {
    ctx.addIssue({ code: 'custom', path: [hasCity ? 'province' : 'city'], message: PROFILE_MESSAGES.cityAndProvince });
    return;
  }
  if (hasCity && value.province && Object.hasOwn(PROVINCES, value.province) && !PROVINCES[value.province]?.includes(value.city ?? '')) {
    ctx.addIssue({ code: 'custom', path: ['city'], message: PROFILE_MESSAGES.city });
  }
});
/** What a form sends (before trimming). */
export type ProfileUpdate = z.input<typeof ProfileUpdateSchema>;
/** What the server works with (trimmed, empty text as null). */
export type ProfileUpdateValues = z.output<typeof ProfileUpdateSchema>;

// ── Photos ──

/** `PUT /profile/photos/order`: every photo id of the member, once each, in the new order. */
export const PhotoOrderBodySchema = z.object({
  photo_ids: z.array(IdSchema, { error: PROFILE_MESSAGES.photoOrder }).min(1, { error: PROFILE_MESSAGES.photoOrder }).max(PHOTOS_MAX, { error: PROFILE_MESSAGES.photoOrder }),
});
export type PhotoOrderBody = z.infer<typeof PhotoOrderBodySchema>;

/**
 * The member's photos in position order, with the upload limits the client checks before sending
 * (answer of the photo list, order, primary and delete calls).
 */
export const PhotoListSchema = z.object({
  photos: z.array(PhotoSchema),
  /** PHOTOS_MAX. */
  max_photos: z.number().int(),
  /** Largest upload the server accepts, in bytes (server configuration). */
  max_bytes: z.number().int(),
});
export type PhotoList = z.infer<typeof PhotoListSchema>;

// ── Interests ──

export const InterestSchema = z.object({ id: z.number().int(), name: z.string() });
export type Interest = z.infer<typeof InterestSchema>;

/** `GET /interests`: the catalogue, with the limit a member may pick. */
export const InterestCatalogueSchema = z.object({ interests: z.array(InterestSchema), max: z.number().int() });
export type InterestCatalogue = z.infer<typeof InterestCatalogueSchema>;

/** `PUT /profile/interests`: names from the catalogue, at most INTERESTS_MAX (duplicates count once). */
export const InterestsBodySchema = z.object({
  interests: z
    .array(lineText().trim().min(1, { error: PROFILE_MESSAGES.interestUnknown }).max(60, { error: PROFILE_MESSAGES.interestUnknown }), { error: PROFILE_MESSAGES.interestUnknown })
    .transform((names) => [...new Set(names)])
    .pipe(z.array(z.string()).max(INTERESTS_MAX, { error: PROFILE_MESSAGES.interestsMax })),
});
export type InterestsBody = z.input<typeof InterestsBodySchema>;

/** `PUT /profile/interests` answer: the member's interests now. */
export const MyInterestsSchema = z.object({ interests: z.array(z.string()) });
