import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { PreferencesRow } from '../shared/preferences';


/** What is stored: multi-select lists as JSON text (the same on both dialects). */
export interface StoredPreferences {
  genders: string;
  age_min: number;
  age_max: number;
  max_distance_km: number | null;
  city: string | null;
  province: string | null;
  body_types: string;
  drinking: string;
  love_languages: string;
  marital_statuses: string;
  relationship_types: string;
  strict_fields: string;
}

/** All SQL of dating preferences and of the member's own coarse location. */
export class PreferencesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(userId: string): Promise<PreferencesRow | undefined> {
    return this.db.selectFrom('user_preferences').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /** Inserts or replaces the member's row (one row per member). */
  async save(userId: string, values: StoredPreferences, now: string): Promise<void> {
    await this.db
      .insertInto('user_preferences')
      .values({ user_id: userId, ...values, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: now }))
      .execute();
  }

  async remove(userId: string): Promise<void> {
    await this.db.deleteFrom('user_preferences').where('user_id', '=', userId).execute();
  }

  /** Where the member is: a listed city, its province and a coarse cell — never coordinates. */
  async setMemberLocation(userId: string, location: { city: string; province: string; cell: string | null }, now: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ city: location.city, province: location.province, location_cell: location.cell, updated_at: now })
      .where('id', '=', userId)
      .execute();
  }
}
