import type { PreferenceValues, Preferences } from '@linkup/contract';
import type { UserRow } from '../../db/schema';
import { preferenceValues, type PreferencesRow } from '../shared/preferences';
import type { StoredPreferences } from './preferences.repository';

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
