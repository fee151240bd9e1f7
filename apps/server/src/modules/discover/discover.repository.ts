import { AGE_LIMITS, FEED_DEFAULTS, type DiscoverQuery } from '@linkup/contract';
import { PostgresAdapter, createQueryId, sql, type CompiledQuery, type Kysely } from 'kysely';
import { watchRowChanges, type RowWatch } from '../../db/row-changes';
import { Remembered, type KeptReads } from '../../db/remembered';
import { toBool, type Database } from '../../db/schema';
import { prefixesWithin } from '../../lib/geo';
import { ageFromBirthDate } from '../../lib/time';
import { whereNotBlocked, whereNotRestricted } from '../shared/blocks.repository';
import { contactPolicy } from '../shared/contact.policy';
import { preferenceValues } from '../shared/preferences';
import {
  LIST_FIELDS, birthDateBounds, rankingPreferences, strictDistanceOf, windowSize, type CandidateRow, type CandidateWindow, type Viewer,
} from './discover-ranking';

const CANDIDATE_COLUMNS = [
  'u.id', 'u.created_at', 'u.last_active_at', 'u.location_cell', 'u.city', 'u.province', 'u.gender', 'u.date_of_birth',
  'u.body_type', 'u.how_often_drink', 'u.love_language', 'u.marital_status', 'u.relationship_type',
  'p.genders', 'p.age_min', 'p.age_max', 'p.max_distance_km', 'p.city as p_city', 'p.province as p_province', 'p.body_types', 'p.drinking',
  'p.love_languages', 'p.marital_statuses', 'p.relationship_types', 'p.strict_fields',
] as const;

/**
 * On SQLite, the birth date as an expression no index serves. Discover must walk members by recent
 * activity and stop at its window; given a usable range on `users_gender_dob_idx`, SQLite's planner
 * reads every member of that age and sorts them instead (88 ms against 4 ms at 100,000 members).
 * PostgreSQL keeps the plain column: its statistics find the recency walk by themselves, and an
 * opaque expression would hide from them how many members the age range keeps (then it sorts too).
 */
const VIEWER_COLUMNS = ['id', 'gender', 'date_of_birth', 'location_cell', 'city', 'province', 'body_type', 'how_often_drink', 'love_language', 'marital_status', 'relationship_type'] as const;

type Change = 'viewer' | 'candidate' | 'passes' | 'boosts' | 'catalogue';

/** The rows behind what `Remembered` keeps, and what a change of each one makes it forget. */
const REMEMBERED_ROWS: readonly RowWatch<Change>[] = [
  { table: 'users', columns: VIEWER_COLUMNS.slice(1), report: { id: 'viewer' } },
  { table: 'user_preferences', inserts: true, report: { user_id: 'viewer' } },
  { table: 'user_interests', inserts: true, report: { user_id: 'viewer' } },
  { table: 'swipes', inserts: true, report: { actor_id: 'passes', target_id: 'candidate' } },
  { table: 'boosts', inserts: true, report: { user_id: 'boosts' } },
  { table: 'interests', report: { id: 'catalogue' } },
  // Whatever the recheck's SQL reads of a candidate (see `recheck`).
  { table: 'users', report: { id: 'candidate' } },
  { table: 'user_preferences', inserts: true, report: { user_id: 'candidate' } },
  { table: 'user_settings', inserts: true, report: { user_id: 'candidate' } },
  { table: 'user_blocks', inserts: true, report: { blocker_id: 'candidate', blocked_id: 'candidate' } },
];

/**
 * Recheck answers by candidate: for each viewer context (the viewer, the query's shape, the day,
 * how many of the viewer's passes came back), the candidate's row, or null when they did not pass.
 * A change of any row the recheck reads of a candidate forgets all of theirs.
 */
class CheckedCandidates implements KeptReads {
  readonly #checked = new Remembered<Map<string, CandidateRow | null>>(REMEMBERED_VIEWERS);

  get(candidateId: string, context: string): CandidateRow | null | undefined {
    return this.#checked.peek(candidateId)?.get(context);
  }

  mark(): number {
    return this.#checked.mark();
  }

  keep(mark: number, candidateId: string, context: string, row: CandidateRow | null): void {
    if (mark !== this.#checked.mark()) return;
    const answers = this.#checked.peek(candidateId) ?? new Map<string, CandidateRow | null>();
    // Contexts that are gone (other days, old preferences) go when a candidate collects too many.
    if (answers.size >= 64) answers.clear();
    answers.set(context, row);
    this.#checked.keep(mark, candidateId, answers);
  }

  forget(candidateId: string): void {
    this.#checked.forget(candidateId);
  }

  suspend(): void {
    this.#checked.suspend();
  }

  resume(): void {
    this.#checked.resume();
  }
}

const REMEMBERED_VIEWERS = 10_000;

export interface DiscoverRepositoryOptions {
  /**
   * Keep each viewer's own rows, the boosts running, their passes' count and the interest names
   * between pages. Needs a database that reports every change of those rows to this process
   * (see `watchRowChanges`); elsewhere every page reads them.
   */
  remember?: boolean;
}

/** Marks a value bound on every run of a compiled recheck query. */
const SLOT = '\u0000slot\u0000';

const birthDateUnindexed = sql<string>`(${sql.ref('u.date_of_birth')} || '')`;

/**
 * Discover's SQL (DESIGN §6): candidates who fit my preferences and whose preferences I fit.
 * Genders and age ranges always filter, both ways; the other fields filter when marked strict
 * (and otherwise rank, in discover.ts). The database narrows with indexes (gender + activity,
 * birth date, location cell prefix) and returns a window of the most recently active fits plus
 * everyone boosted now, so the cost stays the same as the membership grows.
 */
export class DiscoverRepository {
  private readonly birthDate;
  /** What `options.remember` keeps, or undefined where rows do not report their changes. */
  readonly #remembered: {
    viewers: Remembered<Viewer>; passes: Remembered<number>; boosts: Remembered<string[]>; names: Remembered<string>; checked: CheckedCandidates;
  } | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly passResurfaceMs: number,
    options: DiscoverRepositoryOptions = {},
  ) {
    this.birthDate = db.getExecutor().adapter instanceof PostgresAdapter ? sql.ref<string>('u.date_of_birth') : birthDateUnindexed;
    const remembered = { viewers: new Remembered<Viewer>(REMEMBERED_VIEWERS), passes: new Remembered<number>(REMEMBERED_VIEWERS), boosts: new Remembered<string[]>(1), names: new Remembered<string>(10_000),
      checked: new CheckedCandidates(),
    };
    const forget = (change: Change, id: string) => {
      if (change === 'viewer') remembered.viewers.forget(id);
      else if (change === 'candidate') remembered.checked.forget(id);
      else if (change === 'passes') remembered.passes.forget(id);
      else if (change === 'boosts') remembered.boosts.forgetAll();
      else remembered.names.forgetAll();
    };
    this.#remembered = options.remember && watchRowChanges(db, REMEMBERED_ROWS, forget, Object.values(remembered)) ? remembered : undefined;
  }

  /** The member who discovers: their fields, interests and preferences. */
  async viewer(userId: string): Promise<Viewer> {
    const read = async () => {
      const [user, prefs, interests] = await Promise.all([
        this.db.selectFrom('users').select(VIEWER_COLUMNS).where('id', '=', userId).executeTakeFirstOrThrow(),
        this.db.selectFrom('user_preferences').selectAll().where('user_id', '=', userId).executeTakeFirst(),
        this.db.selectFrom('user_interests').select('interest_id').where('user_id', '=', userId).execute(),
      ]);
      return { ...user, interestIds: new Set(interests.map((i) => Number(i.interest_id))), preferences: rankingPreferences(preferenceValues(prefs)) };
    };
    return this.#remembered ? this.#remembered.viewers.get(userId, 0, async () => ({ value: await read() })) : read();
  }

  /** Catalogue names of interest ids. */
  async interestNames(ids: number[]): Promise<Map<number, string>> {
    const known = this.#remembered?.names;
    const names = new Map<number, string>();
    const missing: number[] = [];
    for (const id of new Set(ids)) {
      const name = known?.peek(String(id));
      if (name === undefined) missing.push(id);
      else names.set(id, name);
    }
    if (missing.length === 0) return names;
    const mark = known?.mark();
    const rows = await this.db.selectFrom('interests').select(['id', 'name']).where('id', 'in', missing).execute();
    for (const row of rows) {
      names.set(Number(row.id), row.name);
      known?.keep(mark!, String(row.id), row.name);
    }
    return names;
  }

  /** The two queries behind a discover page (exposed so the benchmark can EXPLAIN them). */
  queries(viewer: Viewer, query: DiscoverQuery, now: Date, passCutoff = new Date(now.getTime() - this.passResurfaceMs).toISOString()) {
    const prefs = viewer.preferences;
    const window = windowSize(query);
    const genders = query.gender ? [query.gender] : prefs.strict.has('genders') ? prefs.genders : [];
    const ageFilter = query.age_min !== undefined || query.age_max !== undefined || prefs.strict.has('age');
    const ageMin = query.age_min ?? (prefs.strict.has('age') ? prefs.age_min : AGE_LIMITS.min);
    const ageMax = Math.max(ageMin, query.age_max ?? (prefs.strict.has('age') ? prefs.age_max : AGE_LIMITS.max));
    const bounds = birthDateBounds(ageFilter ? ageMin : AGE_LIMITS.min, ageFilter ? ageMax : AGE_LIMITS.max, now);
    // A narrowing age range leaves out members who hide their age: page after page it would find it.
    const hidesHiddenAges = contactPolicy.ageRangeRevealsAge(ageFilter ? { min: ageMin, max: ageMax } : null);
    const myAge = viewer.date_of_birth ? ageFromBirthDate(viewer.date_of_birth, now) : null;
    const nowIso = now.toISOString();
    const strictDistance = strictDistanceOf(viewer, query);
    const prefixes = strictDistance && viewer.location_cell ? prefixesWithin(viewer.location_cell, strictDistance) : null;
    const city = query.city ?? (prefs.strict.has('location') ? prefs.city : null);
    const province = query.province ?? (prefs.strict.has('location') ? prefs.province : null);

    const base = () => {
      let q = this.db
        .selectFrom('users as u')
        .leftJoin('user_preferences as p', 'p.user_id', 'u.id')
        .select(CANDIDATE_COLUMNS)
        .select((eb) => eb.selectFrom('user_settings as sa').select('sa.show_age').whereRef('sa.user_id', '=', 'u.id').as('show_age'))
        .where('u.id', '!=', viewer.id)
        .where('u.profile_completed', '=', true)
        .where(this.birthDate, '>', bounds.after)
        .where(this.birthDate, '<=', bounds.onOrBefore)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('user_settings as st').select('st.user_id').whereRef('st.user_id', '=', 'u.id')
          .where((st) => (hidesHiddenAges ? st.or([st('st.hide_from_discover', '=', true), st('st.show_age', '=', false)]) : st('st.hide_from_discover', '=', true))))))
        .where((eb) => whereNotBlocked(eb, viewer.id, 'u.id'))
        .where((eb) => whereNotRestricted(eb, 'u.id', now.toISOString()))
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
      // Issue 31: "Verified only" (both the direct query and the queue's rechecks build on this).
      if (query.verified_only === 'true') q = q.where('u.verified_at', 'is not', null);
      for (const [field, column] of LIST_FIELDS) {
        const wanted = prefs[field];
        if (prefs.strict.has(field) && wanted.length > 0) q = q.where(`u.${column}`, 'in', wanted);
      }
      if (prefixes) {
        q = q.where((eb) => eb.or(prefixes.map((prefix) => eb.and([eb('u.location_cell', '>=', prefix), eb('u.location_cell', '<', `${prefix}~`)]))));
      }
      return q;
    };

    return {
      base,
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

  /** The candidates of a discover page, before ranking: the recent window and everyone boosted. */
  async window(viewer: Viewer, query: DiscoverQuery, now: Date): Promise<CandidateWindow> {
    const { window, strictDistance, recent: recentQuery, boosted: boostedQuery } = this.queries(viewer, query, now);
    const [recent, boosted] = await Promise.all([recentQuery.execute(), boostedQuery.execute()]);
    const boostedIds = new Set(boosted.map((r) => r.id));
    const rows = [...boosted, ...recent.filter((r) => !boostedIds.has(r.id))].map(candidateRow);
    const sharedInterests = await this.sharedInterestsOf(rows.map((r) => r.id), viewer.interestIds);
    return { rows, boostedIds, sharedInterests, strictDistance, exhausted: recent.length < window, size: window };
  }

  /** Compiled recheck queries by shape (see `recheck`), the least recently used dropped beyond 1,000. */
  readonly #rechecks = new Map<string, { query: CompiledQuery<WindowRow>; slots: (string | undefined)[] }>();

  /**
   * Which of `ids` (queued candidates) still pass the window's SQL now: not swiped, blocked or
   * hidden since, and still fitting both ways. Their rows, for the rules applied in JavaScript.
   * It runs for every page served from a queue, so the query is built and compiled once per
   * viewer, filters, day (the age bounds) and number of ids, then run with the ids and the pass
   * cutoff of the moment: building it cost several times what the database takes to run it.
   * With `options.remember`, each candidate's answer is kept until one of the rows it read of them
   * changes (their member row, preferences, settings, a block or a swipe of theirs or on them), so
   * a page runs the query only for the candidates it has not checked since.
   */
  async recheck(viewer: Viewer, query: DiscoverQuery, now: Date, ids: readonly string[]): Promise<CandidateRow[]> {
    if (ids.length === 0) return [];
    const { page: _page, per_page: _perPage, ...filters } = query;
    const { interestIds: _interests, preferences, ...fields } = viewer;
    const shape = JSON.stringify([fields, preferences, [...preferences.strict], filters, now.toISOString().slice(0, 10)]);
    // Remembered answers hold while none of the candidate's rows change, for this viewer, shape,
    // day and number of passes come back (a pass coming back is the one change time alone makes).
    const checked = this.#remembered?.checked;
    const resurfaced = this.#remembered?.passes.peek(viewer.id, now.getTime());
    if (!checked || resurfaced === undefined) return this.#recheckNow(viewer, query, now, shape, ids);
    const context = `${shape}\n${resurfaced}`;
    const rows: CandidateRow[] = [];
    const missing = ids.filter((id) => {
      const known = checked.get(id, context);
      if (known) rows.push(known);
      return known === undefined;
    });
    if (missing.length === 0) return rows;
    const mark = checked.mark();
    const fresh = new Map((await this.#recheckNow(viewer, query, now, shape, missing)).map((row) => [row.id, row]));
    for (const id of missing) {
      const row = fresh.get(id) ?? null;
      checked.keep(mark, id, context, row);
      if (row) rows.push(row);
    }
    return rows;
  }

  async #recheckNow(viewer: Viewer, query: DiscoverQuery, now: Date, shape: string, ids: readonly string[]): Promise<CandidateRow[]> {
    const key = `${shape}\n${ids.length}`;
    let template = this.#rechecks.get(key);
    if (template) this.#rechecks.delete(key);
    else {
      const query_ = this.queries(viewer, query, now, `${SLOT}cutoff`).base().where('u.id', 'in', ids.map((_, i) => `${SLOT}${i}`)).compile();
      const slots = query_.parameters.map((value) => (typeof value === 'string' && value.startsWith(SLOT) ? value.slice(SLOT.length) : undefined));
      template = { query: query_, slots };
      if (this.#rechecks.size >= 1_000) this.#rechecks.delete(this.#rechecks.keys().next().value!);
    }
    this.#rechecks.set(key, template);
    const cutoff = new Date(now.getTime() - this.passResurfaceMs).toISOString();
    const parameters = template.slots.map((slot, i) => (slot === undefined ? template.query.parameters[i] : slot === 'cutoff' ? cutoff : ids[Number(slot)]));
    const result = await this.db.executeQuery<WindowRow>({ ...template.query, parameters, queryId: createQueryId() });
    return result.rows.map(candidateRow);
  }

  /**
   * What, besides the viewer's own rows, decides who may enter a discover queue: the members
   * boosted now (in id order) and how many of the viewer's passes are old enough to show again.
   */
  async queueInputs(viewerId: string, now: Date): Promise<{ boosts: string[]; resurfaced: number }> {
    const passCutoff = new Date(now.getTime() - this.passResurfaceMs).toISOString();
    // Kept, the boosts until the first of them ends and the count until the next pass comes back.
    const readBoosts = async () => {
      const rows = await this.db.selectFrom('boosts').select(['user_id', 'ends_at']).where('ends_at', '>', now.toISOString()).orderBy('user_id').execute();
      return { value: rows.map((r) => r.user_id), until: Math.min(...rows.map((r) => Date.parse(r.ends_at))) };
    };
    const passes = () => this.db.selectFrom('swipes').where('actor_id', '=', viewerId).where('action', '=', 'pass');
    const readResurfaced = async () => {
      const [resurfaced, next] = await Promise.all([
        passes().select((eb) => eb.fn.countAll<number>().as('n')).where('created_at', '<=', passCutoff).executeTakeFirst(),
        this.#remembered ? passes().select((eb) => eb.fn.min('created_at').as('at')).where('created_at', '>', passCutoff).executeTakeFirst() : undefined,
      ]);
      const at = next?.at ? Date.parse(String(next.at)) + this.passResurfaceMs : Number.POSITIVE_INFINITY;
      return { value: Number(resurfaced?.n ?? 0), until: at };
    };
    const remembered = this.#remembered;
    const [boosts, resurfaced] = await Promise.all(remembered
      ? [remembered.boosts.get('running', now.getTime(), readBoosts), remembered.passes.get(viewerId, now.getTime(), readResurfaced)]
      : [readBoosts().then((r) => r.value), readResurfaced().then((r) => r.value)]);
    return { boosts, resurfaced };
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

type WindowRow = Awaited<ReturnType<ReturnType<DiscoverRepository['queries']>['recent']['execute']>>[number];

function candidateRow(row: WindowRow): CandidateRow {
  return {
    id: row.id, created_at: row.created_at, last_active_at: row.last_active_at, location_cell: row.location_cell,
    gender: row.gender, date_of_birth: row.date_of_birth, city: row.city, province: row.province, body_type: row.body_type,
    how_often_drink: row.how_often_drink, love_language: row.love_language, marital_status: row.marital_status,
    relationship_type: row.relationship_type,
    // No settings row: the defaults, which show the age.
    hides_age: row.show_age !== null && !toBool(row.show_age),
    // A left join: no preferences row means they saved none.
    theirs: row.genders === null ? null : preferenceValues({ ...row, city: row.p_city, province: row.p_province }),
  };
}
