import {
  BODY_TYPES, DRINKING_HABITS, GENDERS, LOVE_LANGUAGES, MARITAL_STATUSES, PREFERENCE_FIELDS, RELATIONSHIP_TYPES,
  defaultPreferences, type PreferenceValues,
} from '@linkup/contract';
import type { Selectable } from 'kysely';
import type { UserPreferencesTable } from '../../db/schema';

/** A member's stored dating preferences (lists as JSON text). */
export type PreferencesRow = Selectable<UserPreferencesTable>;

/** The columns preferences are read from; nullable, as a left join gives them. */
export type StoredPreferenceColumns = {
  [K in 'genders' | 'body_types' | 'drinking' | 'love_languages' | 'marital_statuses' | 'relationship_types' | 'strict_fields']: string | null;
} & { age_min: number | null; age_max: number | null; max_distance_km: number | null; city: string | null; province: string | null };

/** A stored JSON list, keeping only values the vocabulary still knows. */
function list<T extends string>(json: string | null, vocabulary: readonly T[]): T[] {
  try {
    const parsed: unknown = JSON.parse(json ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is T => typeof v === 'string' && (vocabulary as readonly string[]).includes(v)) : [];
  } catch {
    return [];
  }
}

/** A row as preference values; no row means the defaults (spec §9: anyone of 18–35). */
export function preferenceValues(row: StoredPreferenceColumns | undefined): PreferenceValues {
  const defaults = defaultPreferences();
  if (!row) return defaults;
  return {
    genders: list(row.genders, GENDERS),
    age_min: Number(row.age_min ?? defaults.age_min),
    age_max: Number(row.age_max ?? defaults.age_max),
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
