import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscoverPageSchema, type PreferenceFields } from '@linkup/contract';
import { ManualClock, buildTestApp, type TestApp } from './helpers/app';
import { bearer, buildPreferences, buildUser, signIn } from './helpers/factories';
import type { UserRow } from '../src/db/schema';
import { birthDateBounds } from '../src/modules/discover/discover-ranking';
import { cityCell } from '../src/lib/geo';

const bornAged = (age: number) => birthDateBounds(age, age).onOrBefore;

/** The viewer's own fields, which the candidates' dealbreakers below either name or leave out. */
const ME = {
  body_type: 'athletic', how_often_drink: 'socially', love_language: 'quality_time', marital_status: 'single', relationship_type: 'long_term',
  city: 'Johannesburg', province: 'Gauteng',
} as const;

/** One dealbreaker per field: the preference column, a value list leaving me out, and one naming me. */
const DEALBREAKERS = [
  { field: 'body_types', excludes: { body_types: ['slim', 'curvy'] }, includes: { body_types: ['athletic', 'slim'] } },
  { field: 'drinking', excludes: { drinking: ['never'] }, includes: { drinking: ['socially'] } },
  { field: 'love_languages', excludes: { love_languages: ['acts_of_service'] }, includes: { love_languages: ['quality_time'] } },
  { field: 'marital_statuses', excludes: { marital_statuses: ['divorced', 'widowed'] }, includes: { marital_statuses: ['single'] } },
  { field: 'relationship_types', excludes: { relationship_types: ['casual'] }, includes: { relationship_types: ['long_term', 'marriage'] } },
  { field: 'location', excludes: { city: 'Durban', province: 'KwaZulu-Natal' }, includes: { city: 'Johannesburg', province: 'Gauteng' } },
] as const;

/**
 * Issue #28 item 1: the other member's dealbreakers. A candidate whose strict preferences leave
 * the viewer out is never shown, on the ranked queue (the default) and on the direct query
 * (DISCOVER_QUEUE off); the same wish without the strict switch only ranks. Gender and age are
 * tested in discover-queue.test.ts and matches.test.ts; this covers every other strict field.
 */
describe('discover: the other member\'s dealbreakers', () => {
  let queued: TestApp;
  let direct: TestApp;
  let token: string;
  const excluded = new Map<string, UserRow>();
  const fitting = new Map<string, UserRow>();
  const soft = new Map<string, UserRow>();
  /** Candidates whose wish is soft at first; each "drops" test makes one's strict. */
  const turning = new Map<string, UserRow>();
  const db = () => queued.database.db;
  const clock = new ManualClock(new Date());

  const shown = async (t: TestApp) => {
    const ids: string[] = [];
    for (let n = 1; n <= 5; n++) {
      const response = await t.app.inject({ method: 'GET', url: `/api/matches/discover?page=${n}&per_page=10`, headers: bearer(token) });
      expect(response.statusCode, response.body).toBe(200);
      const data = DiscoverPageSchema.parse(response.json().data);
      ids.push(...data.items.map((c) => c.id));
      if (!data.has_more) break;
    }
    return ids;
  };

  /** A woman of 28 in Johannesburg looking for men of 20–45, with the given wish (strict or not). */
  const candidate = async (wish: Record<string, unknown>, strict: string[]) => {
    const user = await buildUser(db(), { gender: 'female', date_of_birth: bornAged(28), city: ME.city, province: ME.province, location_cell: cityCell(ME.city) });
    await buildPreferences(queued.app, user, { genders: ['male'], age_min: 20, age_max: 45, strict_fields: ['genders', 'age', ...strict], ...wish } as PreferenceFields);
    return user;
  };

  beforeAll(async () => {
    queued = await buildTestApp(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}, { clock });
    direct = await buildTestApp({ DISCOVER_QUEUE: 'false' }, { database: queued.database, clock });
    const me = await buildUser(db(), { gender: 'male', date_of_birth: bornAged(30), location_cell: cityCell(ME.city), ...ME });
    await buildPreferences(queued.app, me, { genders: ['female'], age_min: 22, age_max: 40, strict_fields: ['genders', 'age'] });
    token = await signIn(queued.app, me);
    for (const { field, excludes, includes } of DEALBREAKERS) {
      excluded.set(field, await candidate(excludes, [field]));
      fitting.set(field, await candidate(includes, [field]));
      soft.set(field, await candidate(excludes, []));
      turning.set(field, await candidate(excludes, []));
    }
  });
  afterAll(async () => {
    await direct.close();
    await queued.close();
  });

  it.each(DEALBREAKERS.map((d) => d.field))('leaves out a candidate whose strict %s excludes me, queued and direct; shows one it names me in, and the same wish when not strict', async (field) => {
    for (const t of [queued, direct]) {
      const ids = await shown(t);
      expect(ids, `${field}, ${t === queued ? 'queued' : 'direct'}`).not.toContain(excluded.get(field)!.id);
      expect(ids).toContain(fitting.get(field)!.id);
      expect(ids).toContain(soft.get(field)!.id);
    }
  });

  it.each(DEALBREAKERS)('drops a queued candidate once $field becomes her dealbreaker and leaves me out', async ({ field }) => {
    const she = turning.get(field)!;
    expect(await shown(queued)).toContain(she.id); // the queue holds her now
    await db().updateTable('user_preferences').set({ strict_fields: JSON.stringify(['genders', 'age', field]) }).where('user_id', '=', she.id).execute();
    expect(await shown(queued)).not.toContain(she.id);
    expect(await shown(direct)).not.toContain(she.id);
  });
});
