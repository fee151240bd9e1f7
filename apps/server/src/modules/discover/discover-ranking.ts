import { PREFERENCE_LIST_FIELDS, type DiscoverQuery, type PreferenceValues } from '@linkup/contract';
import { cellDistanceKm } from '../../lib/geo';
import { ageFromBirthDate, birthDateBounds } from '../../lib/time';

export { birthDateBounds };

/** Preference fields whose "strict" switch turns them from a ranking signal into a filter. */
export const LIST_FIELDS = PREFERENCE_LIST_FIELDS;

/** Preference values as the ranking reads them: the dealbreakers as a set. */
export interface RankingPreferences extends PreferenceValues {
  strict: ReadonlySet<string>;
}

export const rankingPreferences = (values: PreferenceValues): RankingPreferences => ({ ...values, strict: new Set(values.strict_fields) });

/** A member's own fields that the ranking compares with candidates' wishes. */
interface PersonFields {
  gender: string | null;
  date_of_birth: string | null;
  city: string | null;
  province: string | null;
  body_type: string | null;
  how_often_drink: string | null;
  love_language: string | null;
  marital_status: string | null;
  relationship_type: string | null;
}

export interface Viewer extends PersonFields {
  id: string;
  location_cell: string | null;
  interestIds: Set<number>;
  preferences: RankingPreferences;
}

/** A candidate the database found, with their own preferences (null when they saved none). */
export interface CandidateRow extends PersonFields {
  id: string;
  created_at: string;
  last_active_at: string | null;
  location_cell: string | null;
  /** They hide their age: it counts for nothing the viewer sees (compatibility), or a run of preferences would find it. */
  hides_age: boolean;
  theirs: PreferenceValues | null;
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

/** The window of candidates the repository read for a discover page (see DiscoverRepository.window). */
export interface CandidateWindow {
  rows: CandidateRow[];
  boostedIds: ReadonlySet<string>;
  /** Each candidate's interests that the viewer shares. */
  sharedInterests: ReadonlyMap<string, number[]>;
  /** A distance the viewer insists on (km), if any. */
  strictDistance: number | null;
  /** The window held every fit: there is nobody further down. */
  exhausted: boolean;
  /** How many recent fits the window could hold. */
  size: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** How many of the most recently active fits a page's window reads (deeper pages, more). */
export const windowSize = (query: Pick<DiscoverQuery, 'page' | 'per_page'>) => Math.min(1_000, Math.max(200, query.page * query.per_page * 4));

/** A distance the viewer insists on (km): the page's filter, or their own strict wish. */
export const strictDistanceOf = (viewer: Viewer, query: DiscoverQuery): number | null =>
  query.distance ?? (viewer.preferences.strict.has('distance') ? viewer.preferences.max_distance_km : null);

/**
 * Discover's ranking (DESIGN §6), pure over the window the database returned: candidates whose
 * strict wishes exclude the viewer drop out; the rest are scored on shared interests, soft wishes
 * met both ways, recent activity, newness and boosts, best first.
 */
export function rankCandidates(viewer: Viewer, window: CandidateWindow, now: Date): Candidate[] {
  const ranked: Candidate[] = [];
  for (const row of window.rows) {
    const km = cellDistanceKm(viewer.location_cell, row.location_cell);
    const theirs = row.theirs ? rankingPreferences(row.theirs) : null;
    if (!fitsBothWays(viewer, row, theirs, km, window.strictDistance)) continue;
    ranked.push(rank(viewer, row, theirs, window.sharedInterests.get(row.id) ?? [], km, window.boostedIds.has(row.id), now));
  }
  return ranked.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
}

/**
 * The rules the ranking applies on top of the SQL (a distance I insist on, their strict fields
 * beyond gender and age): the ids of `rows` that pass them. A queued candidate re-read from the
 * database must pass them again to be shown.
 */
export function stillFitting(viewer: Viewer, rows: readonly CandidateRow[], strictDistance: number | null): Set<string> {
  const ids = new Set<string>();
  for (const row of rows) {
    const theirs = row.theirs ? rankingPreferences(row.theirs) : null;
    if (fitsBothWays(viewer, row, theirs, cellDistanceKm(viewer.location_cell, row.location_cell), strictDistance)) ids.add(row.id);
  }
  return ids;
}

function fitsBothWays(viewer: Viewer, row: CandidateRow, theirs: RankingPreferences | null, km: number | null, strictDistance: number | null): boolean {
  if (strictDistance && (km === null || km > strictDistance)) return false;
  // Their strict fields exclude me too.
  return !theirs || fitsStrict(theirs, viewer);
}

function fitsStrict(theirs: RankingPreferences, me: Viewer): boolean {
  for (const [field, column] of LIST_FIELDS) {
    const wanted: readonly string[] = theirs[field];
    if (theirs.strict.has(field) && wanted.length > 0 && !wanted.includes(me[column] ?? '')) return false;
  }
  if (theirs.strict.has('location')) {
    if (theirs.city && theirs.city !== me.city) return false;
    if (theirs.province && theirs.province !== me.province) return false;
  }
  return true;
}

function rank(
  viewer: Viewer,
  row: CandidateRow,
  theirs: RankingPreferences | null,
  interestIds: number[],
  km: number | null,
  boosted: boolean,
  now: Date,
): Candidate {
  const shared = interestIds.filter((id) => viewer.interestIds.has(id));
  const mine = viewer.preferences;
  // How many of my soft wishes they meet, and of theirs I meet.
  const met = (prefs: RankingPreferences, person: PersonFields, distance: number | null) => {
    let asked = 0;
    let fulfilled = 0;
    if (!prefs.strict.has('genders') && prefs.genders.length > 0) {
      asked += 1;
      if ((prefs.genders as readonly string[]).includes(person.gender ?? '')) fulfilled += 1;
    }
    const age = person.date_of_birth ? ageFromBirthDate(person.date_of_birth, now) : null;
    if (!prefs.strict.has('age') && age !== null) {
      asked += 1;
      if (age >= prefs.age_min && age <= prefs.age_max) fulfilled += 1;
    }
    for (const [field, column] of LIST_FIELDS) {
      const wanted: readonly string[] = prefs[field];
      if (wanted.length === 0) continue;
      asked += 1;
      if (wanted.includes(person[column] ?? '')) fulfilled += 1;
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
  const mySide = met(mine, row.hides_age ? { ...row, date_of_birth: null } : row, km);
  const theirSide = theirs ? met(theirs, viewer, km) : 1;
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
