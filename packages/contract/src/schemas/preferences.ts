import { z } from 'zod';
import { AGE_LIMITS, FEED_DEFAULTS, FIELD_LIMITS } from '../constants';
import {
  BODY_TYPES, DRINKING_HABITS, GENDERS, LOVE_LANGUAGES, MARITAL_STATUSES, PROVINCES, RELATIONSHIP_TYPES, vocabularyLabel,
} from '../vocabularies';
import { TimestampSchema, lineText } from './common';

/**
 * Dating preferences (spec §7 "Preferences"; the payloads are ours, DESIGN §6): who a member
 * wants to meet. Multi-select fields are lists of vocabulary values where an empty list means
 * "any"; every field can be marked strict (a dealbreaker) or left as a nice-to-have.
 */

/** The preference fields a member may mark as dealbreakers (`strict_fields`). */
export const PREFERENCE_FIELDS = [
  'genders', 'age', 'distance', 'location', 'body_types', 'drinking', 'love_languages', 'marital_statuses', 'relationship_types',
] as const;
export type PreferenceField = (typeof PREFERENCE_FIELDS)[number];

/** Each multi-select preference and the profile (and feed post) field it is about. */
export const PREFERENCE_LIST_FIELDS = [
  ['body_types', 'body_type'],
  ['drinking', 'how_often_drink'],
  ['love_languages', 'love_language'],
  ['marital_statuses', 'marital_status'],
  ['relationship_types', 'relationship_type'],
] as const;

/** Maximum distances a member may choose (km); `null` means any distance. */
export const DISTANCE_CHOICES_KM = [5, 10, 25, 50, 100] as const;

export const PREFERENCE_FIELD_LABELS: Readonly<Record<PreferenceField, string>> = {
  genders: 'Interested in',
  age: 'Age range',
  distance: 'Maximum distance',
  location: 'Preferred location',
  body_types: 'Body type',
  drinking: 'Drinking',
  love_languages: 'Love language',
  marital_statuses: 'Marital status',
  relationship_types: 'Relationship type',
};

export const PREFERENCE_MESSAGES = {
  saved: 'Your dating preferences have been saved.',
  reset: 'Your dating preferences are back to the defaults.',
  locationSaved: 'Your location has been updated.',
  ageOrder: 'The maximum age must not be below the minimum age.',
  ageRange: `Choose an age from ${AGE_LIMITS.min} to ${AGE_LIMITS.max}.`,
  distance: 'Choose a distance from the list.',
  province: 'Choose a province from the list.',
  city: 'Choose a city from the list.',
  cityNotInProvince: 'Choose a city in the chosen province.',
  choose: 'Choose from the list.',
  locationNeeded: 'Choose your city and province, or share your current location.',
  coordinates: 'The shared position is not valid.',
  tooFar: 'We could not find a LinkUp city near you. Choose your city from the list.',
  locationLimit: 'You have changed your location several times today. Please try again tomorrow.',
} as const;

export type PreferenceValues = Omit<Preferences, 'is_default' | 'updated_at' | 'location'>;

/** What a member who never saved preferences gets (spec §9: preferred age 18 to 35; any gender, any distance). */
export function defaultPreferences(): PreferenceValues {
  return {
    genders: [],
    age_min: FEED_DEFAULTS.preferredAgeMin,
    age_max: FEED_DEFAULTS.preferredAgeMax,
    max_distance_km: null,
    city: null,
    province: null,
    body_types: [],
    drinking: [],
    love_languages: [],
    marital_statuses: [],
    relationship_types: [],
    // Who and how old are dealbreakers unless the member says otherwise; the rest are nice-to-haves.
    strict_fields: ['genders', 'age'],
  };
}

/** A shared device position further than this from every listed city is not placed in one. */
export const NEAREST_CITY_MAX_KM = 150;

export const CITIES = Object.values(PROVINCES).flat();

/** The province of a listed city. */
export function provinceOfCity(city: string): string | undefined {
  return Object.keys(PROVINCES).find((province) => PROVINCES[province]?.includes(city));
}

// ── What leaves the server ──

export const PreferencesSchema = z.object({
  genders: z.array(z.enum(GENDERS)),
  age_min: z.number().int(),
  age_max: z.number().int(),
  max_distance_km: z.number().int().nullable(),
  /** Where the member would like to meet people (not where they are). */
  city: z.string().nullable(),
  province: z.string().nullable(),
  body_types: z.array(z.enum(BODY_TYPES)),
  drinking: z.array(z.enum(DRINKING_HABITS)),
  love_languages: z.array(z.enum(LOVE_LANGUAGES)),
  marital_statuses: z.array(z.enum(MARITAL_STATUSES)),
  relationship_types: z.array(z.enum(RELATIONSHIP_TYPES)),
  /** The dealbreakers; every other field is a nice-to-have. */
  strict_fields: z.array(z.enum(PREFERENCE_FIELDS)),
  /** True while the member has never saved preferences (these are the defaults). */
  is_default: z.boolean(),
  /** Where the member is (set with `POST /preferences/location`): a city of the list, never coordinates. */
  location: z.object({ city: z.string(), province: z.string() }).nullable(),
  updated_at: TimestampSchema.nullable(),
});
export type Preferences = z.infer<typeof PreferencesSchema>;

// ── Request bodies ──

/** A multi-select: values of one vocabulary, duplicates dropped; the error names the whole field. */
function multiSelect<const T extends readonly string[]>(values: T) {
  return z
    .array(lineText(), { error: PREFERENCE_MESSAGES.choose })
    .max(values.length * 2, { error: PREFERENCE_MESSAGES.choose })
    .refine((list) => list.every((value) => values.includes(value)), { error: PREFERENCE_MESSAGES.choose })
    .transform((list) => [...new Set(list)] as T[number][]);
}

const age = z
  .number({ error: PREFERENCE_MESSAGES.ageRange })
  .int({ error: PREFERENCE_MESSAGES.ageRange })
  .min(AGE_LIMITS.min, { error: PREFERENCE_MESSAGES.ageRange })
  .max(AGE_LIMITS.max, { error: PREFERENCE_MESSAGES.ageRange });

/** Empty text means "not set". */
const placeName = (message: string, allowed: readonly string[]) =>
  lineText({ error: message })
    .trim()
    .max(FIELD_LIMITS.cityMax, { error: message })
    .nullable()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || allowed.includes(value), { error: message });

/** Every preference field, each optional: `PUT` fills the missing ones with defaults, `POST /preferences/dating` keeps them. */
export const PreferenceFieldsSchema = z.object({
  genders: multiSelect(GENDERS).optional(),
  age_min: age.optional(),
  age_max: age.optional(),
  max_distance_km: z
    .number({ error: PREFERENCE_MESSAGES.distance })
    .nullable()
    .refine((km) => km === null || (DISTANCE_CHOICES_KM as readonly number[]).includes(km), { error: PREFERENCE_MESSAGES.distance })
    .optional(),
  city: placeName(PREFERENCE_MESSAGES.city, CITIES).optional(),
  province: placeName(PREFERENCE_MESSAGES.province, Object.keys(PROVINCES)).optional(),
  body_types: multiSelect(BODY_TYPES).optional(),
  drinking: multiSelect(DRINKING_HABITS).optional(),
  love_languages: multiSelect(LOVE_LANGUAGES).optional(),
  marital_statuses: multiSelect(MARITAL_STATUSES).optional(),
  relationship_types: multiSelect(RELATIONSHIP_TYPES).optional(),
  strict_fields: multiSelect(PREFERENCE_FIELDS).optional(),
});
export type PreferenceFieldsInput = z.input<typeof PreferenceFieldsSchema>;
export type PreferenceFields = z.output<typeof PreferenceFieldsSchema>;

/** Checks that need two fields at once (also run by the server after merging a partial update). */
export function preferenceProblems(p: {
  age_min?: number | undefined; age_max?: number | undefined; city?: string | null | undefined; province?: string | null | undefined;
}): Partial<Record<'age_max' | 'city', string>> {
  const problems: Partial<Record<'age_max' | 'city', string>> = {};
  if (p.age_min !== undefined && p.age_max !== undefined && p.age_min > p.age_max) problems.age_max = PREFERENCE_MESSAGES.ageOrder;
  if (p.city && p.province && provinceOfCity(p.city) !== p.province) problems.city = PREFERENCE_MESSAGES.cityNotInProvince;
  return problems;
}

const withCrossFieldChecks = <T extends z.ZodType<PreferenceFields>>(schema: T) =>
  schema.superRefine((value, ctx) => {
    for (const [field, message] of Object.entries(preferenceProblems(value))) ctx.addIssue({ code: 'custom', path: [field], message });
  });

/** `PUT /preferences`: replaces everything; fields left out go back to their defaults. */
export const PutPreferencesBodySchema = withCrossFieldChecks(PreferenceFieldsSchema);
/** `POST /preferences/dating`: changes only the fields sent. */
export const UpdateDatingPreferencesBodySchema = withCrossFieldChecks(PreferenceFieldsSchema);

/**
 * `POST /preferences/location`: the member's own location, either picked from the list
 * ({ city, province }) or a device position shared once ({ latitude, longitude }), which the
 * server turns into the nearest listed city and a coarse cell and then forgets.
 */
export const SetLocationBodySchema = z
  .object({
    city: lineText({ error: PREFERENCE_MESSAGES.city }).trim().max(FIELD_LIMITS.cityMax, { error: PREFERENCE_MESSAGES.city }).optional(),
    province: lineText({ error: PREFERENCE_MESSAGES.province }).trim().max(FIELD_LIMITS.cityMax, { error: PREFERENCE_MESSAGES.province }).optional(),
    latitude: z.number({ error: PREFERENCE_MESSAGES.coordinates }).min(-90, { error: PREFERENCE_MESSAGES.coordinates }).max(90, { error: PREFERENCE_MESSAGES.coordinates }).optional(),
    longitude: z.number({ error: PREFERENCE_MESSAGES.coordinates }).min(-180, { error: PREFERENCE_MESSAGES.coordinates }).max(180, { error: PREFERENCE_MESSAGES.coordinates }).optional(),
  })
  .superRefine((body, ctx) => {
    const hasPosition = body.latitude !== undefined || body.longitude !== undefined;
    if (hasPosition) {
      if (body.latitude === undefined) ctx.addIssue({ code: 'custom', path: ['latitude'], message: PREFERENCE_MESSAGES.coordinates });
      if (body.longitude === undefined) ctx.addIssue({ code: 'custom', path: ['longitude'], message: PREFERENCE_MESSAGES.coordinates });
      return;
    }
    if (!body.city) {
      ctx.addIssue({ code: 'custom', path: ['city'], message: body.province ? PREFERENCE_MESSAGES.city : PREFERENCE_MESSAGES.locationNeeded });
    } else if (!CITIES.includes(body.city)) {
      ctx.addIssue({ code: 'custom', path: ['city'], message: PREFERENCE_MESSAGES.city });
    }
    if (body.province && !(body.province in PROVINCES)) {
      ctx.addIssue({ code: 'custom', path: ['province'], message: PREFERENCE_MESSAGES.province });
    } else if (body.city && body.province && provinceOfCity(body.city) !== body.province) {
      ctx.addIssue({ code: 'custom', path: ['city'], message: PREFERENCE_MESSAGES.cityNotInProvince });
    }
  });
export type SetLocationBody = z.infer<typeof SetLocationBodySchema>;

/** What `POST /preferences/location` answers: the place chosen, never a coordinate. */
export const MemberLocationSchema = z.object({ city: z.string(), province: z.string() });
export type MemberLocation = z.infer<typeof MemberLocationSchema>;

// ── Completion ──

export const PREFERENCE_COMPLETION_ITEMS = ['genders', 'age', 'location'] as const;
export type PreferenceCompletionItem = (typeof PREFERENCE_COMPLETION_ITEMS)[number];
export const PREFERENCE_COMPLETION_LABELS: Readonly<Record<PreferenceCompletionItem, string>> = {
  genders: 'Choose who you would like to meet',
  age: 'Save the age range you are looking for',
  location: 'Set your city and province',
};

/** `GET /preferences/completion-status`. */
export const PreferencesCompletionSchema = z.object({
  completed: z.boolean(),
  percentage: z.number().int().min(0).max(100),
  missing: z.array(z.object({ key: z.enum(PREFERENCE_COMPLETION_ITEMS), label: z.string() })),
});
export type PreferencesCompletion = z.infer<typeof PreferencesCompletionSchema>;

// ── Options of the forms ──

export const OptionSchema = z.object({ value: z.string(), label: z.string() });
export type Option = z.infer<typeof OptionSchema>;

export const PreferenceOptionsSchema = z.object({
  genders: z.array(OptionSchema),
  body_types: z.array(OptionSchema),
  relationship_types: z.array(OptionSchema),
  drinking: z.array(OptionSchema),
  love_languages: z.array(OptionSchema),
  marital_statuses: z.array(OptionSchema),
  provinces: z.array(OptionSchema.extend({ cities: z.array(OptionSchema) })),
  age: z.object({ min: z.number().int(), max: z.number().int(), default_min: z.number().int(), default_max: z.number().int() }),
  distances: z.array(z.object({ value: z.number().int().nullable(), label: z.string() })),
  strict_fields: z.array(OptionSchema.extend({ value: z.enum(PREFERENCE_FIELDS) })),
});
export type PreferenceOptions = z.infer<typeof PreferenceOptionsSchema>;

const LABEL_OVERRIDES: Readonly<Record<string, string>> = { non_binary: 'Non-binary', plus_size: 'Plus-size' };
/** Label of a vocabulary value in the preference forms. */
export const optionLabel = (value: string): string => LABEL_OVERRIDES[value] ?? vocabularyLabel(value);
const options = (values: readonly string[]): Option[] => values.map((value) => ({ value, label: optionLabel(value) }));

/** Everything the preference and location forms choose from (`GET /preferences/options`). */
export function preferenceOptions(): PreferenceOptions {
  return {
    genders: options(GENDERS),
    body_types: options(BODY_TYPES),
    relationship_types: options(RELATIONSHIP_TYPES),
    drinking: options(DRINKING_HABITS),
    love_languages: options(LOVE_LANGUAGES),
    marital_statuses: options(MARITAL_STATUSES),
    provinces: Object.entries(PROVINCES).map(([province, cities]) => ({
      value: province, label: province, cities: cities.map((city) => ({ value: city, label: city })),
    })),
    age: { min: AGE_LIMITS.min, max: AGE_LIMITS.max, default_min: FEED_DEFAULTS.preferredAgeMin, default_max: FEED_DEFAULTS.preferredAgeMax },
    distances: [
      ...DISTANCE_CHOICES_KM.map((km) => ({ value: km, label: `Within ${km} km` })),
      { value: null, label: 'Any distance' },
    ],
    strict_fields: PREFERENCE_FIELDS.map((field) => ({ value: field, label: PREFERENCE_FIELD_LABELS[field] })),
  };
}
