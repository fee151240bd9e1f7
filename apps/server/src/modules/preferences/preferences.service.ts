import {
  NEAREST_CITY_MAX_KM, PREFERENCE_COMPLETION_ITEMS, PREFERENCE_COMPLETION_LABELS, PREFERENCE_MESSAGES, defaultPreferences,
  preferenceOptions, preferenceProblems, provinceOfCity,
  type MemberLocation, type PreferenceFields, type PreferenceOptions, type PreferenceValues, type Preferences,
  type PreferencesCompletion, type SetLocationBody,
} from '@linkup/contract';
import type { UserRow } from '../../db/schema';
import { cityCell, nearestCity } from '../../lib/geo';
import { invalid } from '../../lib/http-errors';
import { isoNow, type Clock } from '../../lib/clock';
import type { LocationChanges } from '../shared/location-changes';
import type { PreferencesRepository } from './preferences.repository';
import { preferenceValues } from '../shared/preferences';
import { presentPreferences, toStored } from './preferences.presenter';

type Member = Pick<UserRow, 'id' | 'city' | 'province'>;

/** Drops the fields left out of a request (`undefined`), so they do not overwrite anything. */
function given(fields: PreferenceFields): Partial<PreferenceValues> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<PreferenceValues>;
}

/**
 * A member's own dating preferences and location. Each member reaches only their own, so there
 * is nothing to authorise beyond being signed in.
 */
export class PreferencesService {
  constructor(
    private readonly repo: PreferencesRepository,
    private readonly locationChanges: LocationChanges,
    private readonly clock: Clock,
  ) {}

  async get(member: Member): Promise<Preferences> {
    return presentPreferences(await this.repo.find(member.id), member);
  }

  /** `PUT`: everything replaced; what was left out goes back to its default. */
  async replace(member: Member, fields: PreferenceFields): Promise<Preferences> {
    return this.save(member, { ...defaultPreferences(), ...given(fields) }, fields);
  }

  /** `POST /preferences/dating`: only the fields sent change. */
  async update(member: Member, fields: PreferenceFields): Promise<Preferences> {
    const current = preferenceValues(await this.repo.find(member.id));
    return this.save(member, { ...current, ...given(fields) }, fields);
  }

  async reset(member: Member): Promise<Preferences> {
    await this.repo.remove(member.id);
    return presentPreferences(undefined, member);
  }

  /**
   * The member's own location: a city of the list, or a device position that becomes the nearest
   * listed city. Either way the member is placed at their city (its cell): the position itself is
   * used here and nowhere else. A change of city counts towards the day's few (429 past them).
   */
  async setLocation(member: Member, body: SetLocationBody): Promise<MemberLocation> {
    let city: string;
    if (body.latitude !== undefined && body.longitude !== undefined) {
      const nearest = nearestCity({ lat: body.latitude, lng: body.longitude });
      if (nearest.km > NEAREST_CITY_MAX_KM) throw invalid('location_too_far', { location: [PREFERENCE_MESSAGES.tooFar] });
      city = nearest.city;
    } else {
      // The body schema guarantees a listed city (and a matching province when one is sent).
      city = body.city!;
    }
    const location = { city, province: provinceOfCity(city)!, cell: cityCell(city) };
    if (city !== member.city) {
      await this.locationChanges.take(member.id);
      await this.repo.setMemberLocation(member.id, location, isoNow(this.clock));
    }
    return { city: location.city, province: location.province };
  }

  async completion(user: Member): Promise<PreferencesCompletion> {
    const row = await this.repo.find(user.id);
    const done: Record<(typeof PREFERENCE_COMPLETION_ITEMS)[number], boolean> = {
      genders: preferenceValues(row).genders.length > 0,
      age: row !== undefined,
      location: Boolean(user.city && user.province),
    };
    const missing = PREFERENCE_COMPLETION_ITEMS.filter((key) => !done[key]).map((key) => ({ key, label: PREFERENCE_COMPLETION_LABELS[key] }));
    const total = PREFERENCE_COMPLETION_ITEMS.length;
    return { completed: missing.length === 0, percentage: Math.round(((total - missing.length) / total) * 100), missing };
  }

  options(): PreferenceOptions {
    return preferenceOptions();
  }

  private async save(member: Member, values: PreferenceValues, sent: PreferenceFields): Promise<Preferences> {
    const merged = { ...values };
    // A city alone implies its province; a new province without a city drops a city it does not hold.
    if (merged.city && (sent.city !== undefined && sent.province === undefined)) merged.province = provinceOfCity(merged.city) ?? null;
    if (sent.province !== undefined && sent.city === undefined && merged.city && provinceOfCity(merged.city) !== merged.province) merged.city = null;
    if (merged.city && !merged.province) merged.province = provinceOfCity(merged.city) ?? null;
    const problems = preferenceProblems(merged);
    if (Object.keys(problems).length > 0) {
      throw invalid('preferences_invalid', Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, [message]])));
    }
    await this.repo.save(member.id, toStored(merged), isoNow(this.clock));
    return presentPreferences(await this.repo.find(member.id), member);
  }
}
