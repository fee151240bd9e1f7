import {
  BODY_TYPES, DRINKING_HABITS, GENDERS, LOVE_LANGUAGES, MARITAL_STATUSES, RELATIONSHIP_TYPES, vocabularyLabel,
  type ProfileUpdate,
} from '@linkup/contract';

export type ProfileField = keyof ProfileUpdate;

/** The label of every editable profile field (form labels and the profile's detail rows). */
export const PROFILE_FIELD_LABELS: Readonly<Record<ProfileField, string>> = {
  name: 'Name',
  date_of_birth: 'Date of birth',
  gender: 'Gender',
  relationship_type: "What I'm looking for",
  marital_status: 'Marital status',
  body_type: 'Body type',
  how_often_drink: 'How often I drink',
  love_language: 'Love language',
  height_cm: 'Height (cm)',
  job_title: 'Job title',
  education: 'Education',
  about: 'About me',
  province: 'Province',
  city: 'City',
};

/** The choices of each vocabulary field, labelled for people. */
export const PROFILE_CHOICES = {
  gender: GENDERS,
  relationship_type: RELATIONSHIP_TYPES,
  marital_status: MARITAL_STATUSES,
  body_type: BODY_TYPES,
  how_often_drink: DRINKING_HABITS,
  love_language: LOVE_LANGUAGES,
} as const satisfies Partial<Record<ProfileField, readonly string[]>>;
export type ChoiceField = keyof typeof PROFILE_CHOICES;

export const isChoiceField = (field: ProfileField): field is ChoiceField => field in PROFILE_CHOICES;

/** A stored vocabulary value as shown to people ('long_term' → 'Long term'). */
export const choiceLabel = (value: string | null | undefined): string => (value ? vocabularyLabel(value) : '');

/** Every field of the full form, in the order it shows them. */
export const ALL_PROFILE_FIELDS: readonly ProfileField[] = [
  'name', 'date_of_birth', 'gender', 'province', 'city', 'about', 'relationship_type', 'marital_status', 'body_type',
  'how_often_drink', 'love_language', 'height_cm', 'job_title', 'education',
];

/** Where each item of the completion meter is fixed. */
export function completionLink(field: string, paths: { edit: string; photos: string; interests: string }): string {
  if (field === 'photos') return paths.photos;
  if (field === 'interests') return paths.interests;
  return `${paths.edit}#field-${field === 'city' ? 'province' : field}`;
}
