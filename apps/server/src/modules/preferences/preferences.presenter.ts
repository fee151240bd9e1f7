import {
  BODY_TYPES, DRINKING_HABITS, GENDERS, LOVE_LANGUAGES, MARITAL_STATUSES, PREFERENCE_FIELDS, RELATIONSHIP_TYPES,
  defaultPreferences, type PreferenceValues, type Preferences,
} from '@linkup/contract';
import type { UserRow } from '../../db/schema';
import type { PreferencesRow, StoredPreferences } from './preferences.repository';

/** A stored JSON list, keeping only values the vocabulary still knows. */
function list<T extends string>(json: string, vocabulary: readonly T[]): T[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((v): v is T => typeof v === 'string' && (vocabulary as readonly string[]).includes(v)) : [];
  } catch {
    return [];
  }
}

/** A row as preference values; no row means the defaults. */
export function preferenceValues(row: PreferencesRow | undefined): PreferenceValues {
  if (!row) return defaultPreferences();
  return {
    genders: list(row.genders, GENDERS),
    age_min: Number(row.age_min),
    age_max: Number(row.age_max),
    max_distance_km: row.max_distance_km === null ? null : Number(row.max_distance_km),
    city: row.city,
    province: row.province,
    body_types: list(row.body_types, BODY_TYPES),
    drinking: list(row.drinking, DRINKING_HABITS),
    love_languages: list(row.love_languages, LOVE_LANGUAGES),
    marital_statuses: list(row.marital_statuses, MARITAL_STATUSES),
    relationship_types: list(row.relationship_types, RELATIONSHIP_TYPES),
    strict_fields: list(row.strict_fields, PREFERENCE_FIELDS),
  };
}

/** The member's own preferences as the API sends them, with where they are (city and province only). */
export function presentPreferences(row: PreferencesRow | undefined, member: Pick<UserRow, 'city' | 'province'>): Preferences {
  const location = member.city && member.province ? { city: member.city, province: member.province } : null;
  return { ...preferenceValues(row), is_default: !row, location, updated_at: row?.updated_at ?? null };
}

export function toStored(values: PreferenceValues): StoredPreferences {
  return {
    genders: JSON.stringify(values.genders),
    age_min: values.age_min,
    age_max: values.age_max,
    max_distance_km: values.max_distance_km,
    city: values.city,
    province: values.province,
    body_types: JSON.stringify(values.body_types),
    drinking: JSON.stringify(values.drinking),
    love_languages: JSON.stringify(values.love_languages),
    marital_statuses: JSON.stringify(values.marital_statuses),
    relationship_types: JSON.stringify(values.relationship_types),
    strict_fields: JSON.stringify(values.strict_fields),
  };
}
