import { AGE_LIMITS, FEED_DEFAULTS, PREFERENCE_LIST_FIELDS, type DiscoverQuery } from '@linkup/contract';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { cellDistanceKm, prefixesWithin } from '../../lib/geo';
import { ageFromBirthDate, birthDateBounds } from '../../lib/time';
import { whereNotBlocked } from '../shared/blocks.repository';

export { birthDateBounds };

/** Preference fields whose "strict" switch turns them from a ranking signal into a filter. */
const LIST_FIELDS = PREFERENCE_LIST_FIELDS;
type ListField = (typeof LIST_FIELDS)[number][0];

export interface Preferences {
  genders: string[];
  age_min: number;
  age_max: number;
  max_distance_km: number | null;
  city: string | null;
  province: string | null;
  lists: Record<ListField, string[]>;
  strict: Set<string>;
}

function parseList(text: string | null | undefined): string[] {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

type PreferenceRow = Partial<Record<'genders' | 'body_types' | 'drinking' | 'love_languages' | 'marital_statuses' | 'relationship_types' | 'strict_fields', string | null>> & {
  age_min?: number | null; age_max?: number | null; max_distance_km?: number | null; city?: string | null; province?: string | null;
};

/** A preferences row (or none: the defaults of spec §9, 18–35, anyone) as the ranking uses it. */
export function readPreferences(row: PreferenceRow | undefined): Preferences {
  return {
    genders: parseList(row?.genders),
    age_min: row?.age_min ?? 18,
    age_max: row?.age_max ?? 35,
    max_distance_km: row?.max_distance_km ?? null,
    city: row?.city ?? null,
    province: row?.province ?? null,
    lists: Object.fromEntries(LIST_FIELDS.map(([field]) => [field, parseList(row?.[field])])) as Record<ListField, string[]>,
    // Without saved preferences: anyone of 18–35, both as dealbreakers (the contract's defaults).
    strict: new Set(row ? parseList(row.strict_fields) : ['genders', 'age']),
  };
}

export interface Viewer {
  id: string;
  gender: string | null;
  date_of_birth: string | null;
  location_cell: string | null;
  city: string | null;
  province: string | null;
  body_type: string | null;
  how_often_drink: string | null;
  love_language: string | null;
  marital_status: string | null;
  relationship_type: string | null;
  interestIds: Set<number>;
  preferences: Preferences;
}

export interface Candidate {
  id: string;
  created_at: string;
  last_active_at: string | null;
  location_cell: string | null;
  city: string | null;
  province: string | null;
  boosted: boolean;
  score: number;
  compatibility: number;
  reasons: string[];
  sharedInterestIds: number[];
}

const CANDIDATE_COLUMNS = [
  'u.id', 'u.created_at', 'u.last_active_at', 'u.location_cell', 'u.city', 'u.province', 'u.gender', 'u.date_of_birth',
  'u.body_type', 'u.how_often_drink', 'u.love_language', 'u.marital_status', 'u.relationship_type',
  'p.genders', 'p.age_min', 'p.age_max', 'p.max_distance_km', 'p.city as p_city', 'p.province as p_province', 'p.body_types', 'p.drinking',
  'p.love_languages', 'p.marital_statuses', 'p.relationship_types', 'p.strict_fields',
] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * On SQLite, the birth date as an expression no index serves. Discover must walk members by recent
 * activity and stop at its window; given a usable range on `users_gender_dob_idx`, SQLite's planner
 * reads every member of that age and sorts them instead (88 ms against 4 ms at 100,000 members).
 * PostgreSQL keeps the plain column: its statistics find the recency walk by themselves, and an
 * opaque expression would hide from them how many members the age range keeps (then it sorts too).
 */
const birthDateUnindexed = sql<string>`(${sql.ref('u.date_of_birth')} || '')`;

/**
 * Discover (DESIGN §6): candidates who fit my preferences and whose preferences I fit. Genders and
 * age ranges always filter, both ways; the other fields filter when marked strict and otherwise
 * rank. The database narrows with indexes (gender + activity, birth date, location cell prefix)
 * and returns a window of the most recently active fits plus everyone boosted now; the window is
 * ranked here, so the cost stays the same as the membership grows.
 */
export class DiscoverQueryRunner {
  private readonly birthDate;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly passResurfaceMs: number,
  ) {
    this.birthDate = db.getExecutor().adapter instanceof PostgresAdapter ? sql.ref<string>('u.date_of_birth') : birthDateUnindexed;
  }

  /** The two queries behind a discover page (exposed so the benchmark can EXPLAIN them). */
  queries(viewer: Viewer, query: DiscoverQuery, now: Date) {
    const prefs = viewer.preferences;
    const window = Math.min(1_000, Math.max(200, query.page * query.per_page * 4));
    const genders = query.gender ? [query.gender] : prefs.strict.has('genders') ? prefs.genders : [];
    const ageFilter = query.age_min !== undefined || query.age_max !== undefined || prefs.strict.has('age');
    const ageMin = query.age_min ?? (prefs.strict.has('age') ? prefs.age_min : AGE_LIMITS.min);
    const ageMax = Math.max(ageMin, query.age_max ?? (prefs.strict.has('age') ? prefs.age_max : AGE_LIMITS.max));
    const bounds = birthDateBounds(ageFilter ? ageMin : AGE_LIMITS.min, ageFilter ? ageMax : AGE_LIMITS.max, now);
    const myAge = viewer.date_of_birth ? ageFromBirthDate(viewer.date_of_birth, now) : null;
    const nowIso = now.toISOString();
    const passCutoff = new Date(now.getTime() - this.passResurfaceMs).toISOString();
    const strictDistance = query.distance ?? (prefs.strict.has('distance') ? prefs.max_distance_km : null);
    const prefixes = strictDistance && viewer.location_cell ? prefixesWithin(viewer.location_cell, strictDistance) : null;
    const city = query.city ?? (prefs.strict.has('location') ? prefs.city : null);
    const province = query.province ?? (prefs.strict.has('location') ? prefs.province : null);

    const base = () => {
      let q = this.db
        .selectFrom('users as u')
        .leftJoin('user_preferences as p', 'p.user_id', 'u.id')
        .select(CANDIDATE_COLUMNS)
        .where('u.id', '!=', viewer.id)
        .where('u.profile_completed', '=', true)
        .where(this.birthDate, '>', bounds.after)
        .where(this.birthDate, '<=', bounds.onOrBefore)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('user_settings as st').select('st.user_id').whereRef('st.user_id', '=', 'u.id').where('st.hide_from_discover', '=', true))))
        .where((eb) => whereNotBlocked(eb, viewer.id, 'u.id'))
        .where((eb) =>
          eb.not(eb.exists(
            eb.selectFrom('swipes as sw').select('sw.target_id')
              .where('sw.actor_id', '=', viewer.id)
              .whereRef('sw.target_id', '=', 'u.id')
              .where((w) => w.or([w('sw.action', '!=', 'pass'), w('sw.created_at', '>', passCutoff)])),
          )),
        )
        // Their side: my gender and age must fit what they look for when those are their
        // dealbreakers (without saved preferences: anyone of 18–35).
        .where((eb) => {
          const notStrict = (field: string) => eb('p.strict_fields', 'not like', `%"${field}"%`);
          const theirGender = eb.or([
            eb('p.user_id', 'is', null), eb('p.genders', '=', '[]'), notStrict('genders'),
            ...(viewer.gender ? [eb('p.genders', 'like', `%"${viewer.gender}"%`)] : []),
          ]);
          if (myAge === null) return theirGender;
          const defaultsFit = myAge >= FEED_DEFAULTS.preferredAgeMin && myAge <= FEED_DEFAULTS.preferredAgeMax;
          const theirAge = eb.or([
            eb.and([eb('p.user_id', 'is', null), eb.val(defaultsFit)]),
            eb.and([eb('p.user_id', 'is not', null), eb.or([notStrict('age'), eb.and([eb('p.age_min', '<=', myAge), eb('p.age_max', '>=', myAge)])])]),
          ]);
          return eb.and([theirGender, theirAge]);
        });
      if (genders.length > 0) q = q.where('u.gender', 'in', genders);
      if (city) q = q.where('u.city', '=', city);
      if (province) q = q.where('u.province', '=', province);
      for (const [field, column] of LIST_FIELDS) {
        const wanted = prefs.lists[field];
        if (prefs.strict.has(field) && wanted.length > 0) q = q.where(`u.${column}`, 'in', wanted);
      }
      if (prefixes) {
        q = q.where((eb) => eb.or(prefixes.map((prefix) => eb.and([eb('u.location_cell', '>=', prefix), eb('u.location_cell', '<', `${prefix}~`)]))));
      }
      return q;
    };

    return {
      window,
      strictDistance,
      // Registration sets last_active_at, so every member has one; the index (gender, last_active_at) serves this order.
      recent: base().where('u.last_active_at', 'is not', null).orderBy('u.last_active_at', 'desc').orderBy('u.id').limit(window),
      // Driven from the boosts running now (few), not from the members.
      boosted: base()
        .where('u.id', 'in', (eb) => eb.selectFrom('boosts as b').select('b.user_id').where('b.ends_at', '>', nowIso))
        .limit(50),
    };
  }

  async candidates(viewer: Viewer, query: DiscoverQuery, now: Date): Promise<{ ranked: Candidate[]; exhausted: boolean }> {
    const { window, strictDistance, recent: recentQuery, boosted: boostedQuery } = this.queries(viewer, query, now);
    const [recent, boosted] = await Promise.all([recentQuery.execute(), boostedQuery.execute()]);
    const boostedIds = new Set(boosted.map((r) => r.id));
    const rows = [...boosted, ...recent.filter((r) => !boostedIds.has(r.id))];
    const interests = await this.sharedInterestsOf(rows.map((r) => r.id), viewer.interestIds);

    const ranked: Candidate[] = [];
    for (const row of rows) {
      const km = cellDistanceKm(viewer.location_cell, row.location_cell);
      if (strictDistance && (km === null || km > strictDistance)) continue;
      // Their strict fields exclude me too.
      const theirs = readPreferences({ ...row, city: row.p_city, province: row.p_province });
      if (row.genders !== null && !this.fitsStrict(theirs, viewer)) continue;
      ranked.push(this.rank(viewer, row, theirs, row.genders !== null, interests.get(row.id) ?? [], km, boostedIds.has(row.id), now));
    }
    ranked.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
    return { ranked, exhausted: recent.length < window };
  }

  private fitsStrict(theirs: Preferences, me: Viewer): boolean {
    for (const [field, column] of LIST_FIELDS) {
      const wanted = theirs.lists[field];
      if (theirs.strict.has(field) && wanted.length > 0 && !wanted.includes(me[column] ?? '')) return false;
    }
    if (theirs.strict.has('location')) {
      if (theirs.city && theirs.city !== me.city) return false;
      if (theirs.province && theirs.province !== me.province) return false;
    }
    return true;
  }

  private rank(
    viewer: Viewer,
    row: Record<string, unknown> & { id: string; created_at: string; last_active_at: string | null; location_cell: string | null; city: string | null; province: string | null },
    theirs: Preferences,
    hasPreferences: boolean,
    interestIds: number[],
    km: number | null,
    boosted: boolean,
    now: Date,
  ): Candidate {
    const shared = interestIds.filter((id) => viewer.interestIds.has(id));
    const mine = viewer.preferences;
    // How many of my soft wishes they meet, and of theirs I meet.
    const met = (prefs: Preferences, person: Record<string, unknown>, distance: number | null) => {
      let asked = 0;
      let fulfilled = 0;
      if (!prefs.strict.has('genders') && prefs.genders.length > 0) {
        asked += 1;
        if (prefs.genders.includes(String(person.gender ?? ''))) fulfilled += 1;
      }
      const age = typeof person.date_of_birth === 'string' ? ageFromBirthDate(person.date_of_birth, now) : null;
      if (!prefs.strict.has('age') && age !== null) {
        asked += 1;
        if (age >= prefs.age_min && age <= prefs.age_max) fulfilled += 1;
      }
      for (const [field, column] of LIST_FIELDS) {
        if (prefs.lists[field].length === 0) continue;
        asked += 1;
        if (prefs.lists[field].includes(String(person[column] ?? ''))) fulfilled += 1;
      }
      if (prefs.city) {
        asked += 1;
        if (prefs.city === person.city) fulfilled += 1;
      }
      if (prefs.max_distance_km) {
        asked += 1;
        if (distance !== null && distance <= prefs.max_distance_km) fulfilled += 1;
      }
      return asked === 0 ? 1 : fulfilled / asked;
    };
    const mySide = met(mine, row, km);
    const theirSide = hasPreferences ? met(theirs, viewer as unknown as Record<string, unknown>, km) : 1;
    const interestScore = Math.min(1, shared.length / 3);
    const compatibility = Math.round(100 * (0.4 * interestScore + 0.35 * mySide + 0.25 * theirSide));
    const activeAgoDays = row.last_active_at ? (now.getTime() - new Date(row.last_active_at).getTime()) / DAY_MS : 30;
    const activity = Math.exp(-Math.max(0, activeAgoDays) / 3);
    const isNew = now.getTime() - new Date(row.created_at).getTime() < 7 * DAY_MS;
    const score = (boosted ? 1_000 : 0) + compatibility + 30 * activity + (isNew ? 10 : 0);

    const reasons: string[] = [];
    if (shared.length > 0) reasons.push(`${shared.length} shared interest${shared.length === 1 ? '' : 's'}`);
    if (km !== null && km < 10) reasons.push('Nearby');
    if (viewer.relationship_type && viewer.relationship_type === row.relationship_type) reasons.push('Wants the same kind of relationship');
    if (isNew) reasons.push('New here');
    if (activeAgoDays < 1) reasons.push('Active today');
    return {
      id: row.id, created_at: row.created_at, last_active_at: row.last_active_at, location_cell: row.location_cell, city: row.city,
      province: row.province, boosted, score, compatibility, reasons, sharedInterestIds: shared,
    };
  }

  /** The interests each of `ids` shares with me (only those: they are all the ranking needs). */
  private async sharedInterestsOf(ids: string[], mine: ReadonlySet<number>): Promise<Map<string, number[]>> {
    const result = new Map<string, number[]>();
    if (ids.length === 0 || mine.size === 0) return result;
    const rows = await this.db.selectFrom('user_interests').select(['user_id', 'interest_id'])
      .where('user_id', 'in', ids).where('interest_id', 'in', [...mine]).execute();
    for (const row of rows) {
      const list = result.get(row.user_id) ?? [];
      list.push(Number(row.interest_id));
      result.set(row.user_id, list);
    }
    return result;
  }
}
