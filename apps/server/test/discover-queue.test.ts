import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscoverPageSchema } from '@linkup/contract';
import { ManualClock, buildTestApp, type TestApp } from './helpers/app';
import { bearer, buildUser, signIn } from './helpers/factories';
import { needsEnv } from './helpers/requires';
import { appWithCuttableRedis } from './helpers/tcp-proxy';
import { REDIS_REQUEST_TIMEOUT_MS } from '../src/lib/redis';
import type { UserRow } from '../src/db/schema';
import { birthDateBounds } from '../src/modules/discover/discover-ranking';
import { grantPremium } from '../src/modules/subscriptions/subscriptions.repository';
import { cityCell } from '../src/lib/geo';

const bornAged = (age: number) => birthDateBounds(age, age).onOrBefore;
const CITIES = [['Johannesburg', 'Gauteng'], ['Pretoria', 'Gauteng'], ['Cape Town', 'Western Cape'], ['Durban', 'KwaZulu-Natal']] as const;

/**
 * Discover served from the ranked queue (the default) against the direct query (DISCOVER_QUEUE
 * off): two apps on one database must give the same pages — the same people, order, scores and
 * has_more — before and after swipes, blocks, hiding, a candidate's preferences, the viewer's
 * preferences, profile and interests, a boost starting and ending and a pass coming back. With
 * REDIS_URL the queue is kept in Redis. Both apps run on one clock, moved by hand.
 */
describe('discover from the ranked queue', () => {
  let queued: TestApp;
  let direct: TestApp;
  let viewer: { user: UserRow; token: string };
  const candidates: UserRow[] = [];
  const db = () => queued.database.db;

  const page = async (t: TestApp, n: number, token = viewer.token) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/matches/discover?page=${n}&per_page=10`, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    const data = DiscoverPageSchema.parse(response.json().data);
    return {
      ids: data.items.map((c) => `${c.id}:${c.compatibility}:${c.is_boosted}`), has_more: data.has_more,
      why: data.items.map((c) => [c.reasons, c.shared_interests]),
    };
  };
  /** Pages 1–4 from both apps are the same. */
  const expectSameAsDirect = async () => {
    for (let n = 1; n <= 4; n++) expect(await page(queued, n), `page ${n}`).toEqual(await page(direct, n));
  };
  const shown = async () => (await Promise.all([1, 2, 3, 4].map((n) => page(queued, n)))).flatMap((p) => p.ids.map((id) => id.split(':')[0]));

  const clock = new ManualClock(new Date());
  const later = (ms: number) => clock.set(new Date(clock.now().getTime() + ms).toISOString());

  beforeAll(async () => {
    // Passes come back after a day, boosts last 30 minutes.
    const env = { PASS_RESURFACE_DAYS: '1', BOOST_MINUTES: '30' };
    queued = await buildTestApp({ ...env, ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}) }, { clock });
    direct = await buildTestApp({ ...env, DISCOVER_QUEUE: 'false' }, { database: queued.database, clock });
    const user = await buildUser(db(), { gender: 'male', date_of_birth: bornAged(30), city: 'Johannesburg', province: 'Gauteng', location_cell: cityCell('Johannesburg') });
    await db().insertInto('user_preferences').values({
      user_id: user.id, genders: JSON.stringify(['female']), age_min: 22, age_max: 40, strict_fields: JSON.stringify(['genders', 'age']),
      created_at: user.created_at, updated_at: user.created_at,
    }).execute();
    viewer = { user, token: await signIn(queued.app, user) };
    const interests = (await db().selectFrom('interests').select('id').limit(6).execute()).map((r) => Number(r.id));
    if (interests.length > 0) await db().insertInto('user_interests').values(interests.slice(0, 3).map((id) => ({ user_id: user.id, interest_id: id }))).execute();
    for (let i = 0; i < 36; i++) {
      const [city, province] = CITIES[i % CITIES.length]!;
      const candidate = await buildUser(db(), {
        gender: 'female', date_of_birth: bornAged(22 + (i % 18)), city, province, location_cell: cityCell(city),
        relationship_type: i % 3 === 0 ? 'long_term' : 'short_term',
        last_active_at: new Date(Date.now() - i * 3_600_000 * 7).toISOString(),
      });
      await db().insertInto('user_preferences').values({
        user_id: candidate.id, genders: JSON.stringify(['male']), age_min: 20, age_max: 45, strict_fields: JSON.stringify(i % 2 ? ['genders', 'age'] : []),
        created_at: candidate.created_at, updated_at: candidate.created_at,
      }).execute();
      if (interests.length > 0) {
        await db().insertInto('user_interests').values(interests.slice(i % 4, (i % 4) + 2).map((id) => ({ user_id: candidate.id, interest_id: id }))).execute();
      }
      candidates.push(candidate);
    }
  });
  afterAll(async () => {
    await direct.close();
    await queued.close();
  });

  it('serves the same pages as the direct query', async () => {
    await expectSameAsDirect();
    // Served again from the queue (now built), still the same.
    await expectSameAsDirect();
  });

  it('drops whoever was swiped, blocked, hidden or stopped fitting, and still matches the direct query', async () => {
    const before = await shown();
    const [liked, passed, blocker, hidden, picky] = before.slice(0, 5).map((id) => candidates.find((c) => c.id === id)!);
    for (const [target, action] of [[liked!, 'like'], [passed!, 'pass']] as const) {
      const response = await queued.app.inject({ method: 'POST', url: `/api/matches/${target.id}/${action}`, headers: bearer(viewer.token) });
      expect(response.statusCode, response.body).toBe(200);
    }
    await db().insertInto('user_blocks').values({ blocker_id: blocker!.id, blocked_id: viewer.user.id, created_at: new Date().toISOString(), blocked_name: null, blocker_name: null }).execute();
    await db().insertInto('user_settings').values({ user_id: hidden!.id, hide_from_discover: true, updated_at: new Date().toISOString() }).execute();
    await db().updateTable('user_preferences').set({ age_min: 35, age_max: 45, strict_fields: JSON.stringify(['genders', 'age']) }).where('user_id', '=', picky!.id).execute();

    const after = await shown();
    for (const gone of [liked, passed, blocker, hidden, picky]) expect(after).not.toContain(gone!.id);
    await expectSameAsDirect();
  });

  it('rebuilds when my preferences change or someone boosts', async () => {
    await db().updateTable('user_preferences').set({ age_min: 25, age_max: 33 }).where('user_id', '=', viewer.user.id).execute();
    await expectSameAsDirect();

    // Someone shown last now (so still a fit) boosts and comes first.
    const last = (await shown()).at(-1);
    const booster = candidates.find((c) => c.id === last)!;
    await grantPremium(db(), booster.id, 30, clock.now().toISOString());
    const boost = await queued.app.inject({ method: 'POST', url: '/api/matches/boost-profile', headers: bearer(await signIn(queued.app, booster)) });
    expect(boost.statusCode, boost.body).toBe(200);
    expect((await page(queued, 1)).ids[0]).toMatch(new RegExp(`^${booster.id}:\\d+:true$`));
    await expectSameAsDirect();

    // The boost ends with time alone: nobody is boosted any more.
    later(31 * 60_000);
    expect((await page(queued, 1)).ids.filter((id) => id.endsWith(':true'))).toEqual([]);
    await expectSameAsDirect();
  });

  it("shows a candidate's profile as it is now, page after page", async () => {
    const cardOf = async (id: string) => {
      for (let n = 1; n <= 4; n++) {
        const response = await queued.app.inject({ method: 'GET', url: `/api/matches/discover?page=${n}&per_page=10`, headers: bearer(viewer.token) });
        const card = DiscoverPageSchema.parse(response.json().data).items.find((c) => c.id === id);
        if (card) return card;
      }
      throw new Error(`${id} is not shown`);
    };
    const id = (await shown())[0]!;
    const before = await cardOf(id);
    expect(before.distance).not.toBeNull();
    await db().updateTable('users').set({ about: 'Changed just now' }).where('id', '=', id).execute();
    await db().insertInto('user_settings').values({ user_id: id, show_distance: false, updated_at: clock.now().toISOString() })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ show_distance: false })).execute();
    await db().deleteFrom('user_interests').where('user_id', '=', id).execute();
    const after = await cardOf(id);
    expect(after).toMatchObject({ about: 'Changed just now', distance: null, interests: [] });
    // Hiding her age takes her out of my strict age range (issue #27 item 11), queued or not.
    await db().updateTable('user_settings').set({ show_age: false }).where('user_id', '=', id).execute();
    await expect(cardOf(id)).rejects.toThrow('is not shown');
    await expectSameAsDirect();
  });

  it('follows my own profile and interests, and a pass coming back after its time', async () => {
    await db().updateTable('users').set({ city: 'Cape Town', province: 'Western Cape', location_cell: cityCell('Cape Town'), relationship_type: 'long_term' })
      .where('id', '=', viewer.user.id).execute();
    await expectSameAsDirect();
    await db().deleteFrom('user_interests').where('user_id', '=', viewer.user.id).execute();
    await expectSameAsDirect();

    const passed = (await shown())[0]!;
    const pass = await queued.app.inject({ method: 'POST', url: `/api/matches/${passed}/pass`, headers: bearer(viewer.token) });
    expect(pass.statusCode, pass.body).toBe(200);
    expect(await shown()).not.toContain(passed);
    await expectSameAsDirect();
    // A day later the pass comes back, with nothing written in between.
    later(24 * 3_600_000 + 60_000);
    expect(await shown()).toContain(passed);
    await expectSameAsDirect();
  });
});

// The link to Redis cut by a proxy (the shared Redis keeps running for other tests).
describe('discover while Redis is unreachable', needsEnv('REDIS_URL'), () => {
  const redis = appWithCuttableRedis();

  // A silent Redis first: its connections are fresh, so a read without a timeout would hang.
  const outages = [
    { how: 'accepts but does not answer', whileDown: redis.whileSilent, withinMs: 3 * REDIS_REQUEST_TIMEOUT_MS + 500 },
    { how: 'is unreachable', whileDown: redis.whileCut, withinMs: 2_000 },
  ];

  it.each(outages)('answers from the database within the request timeout while Redis $how', async ({ whileDown, withinMs }) => {
    const { t } = redis;
    const me = await buildUser(t.database.db, { gender: 'male', date_of_birth: bornAged(30) });
    await buildUser(t.database.db, { gender: 'female', date_of_birth: bornAged(28) });
    const token = await signIn(t.app, me);
    const discover = () => t.app.inject({ method: 'GET', url: '/api/matches/discover', headers: bearer(token) });
    const before = await discover();
    expect(before.statusCode, before.body).toBe(200);
    await whileDown(async () => {
      const started = performance.now();
      const during = await discover();
      expect(during.statusCode, during.body).toBe(200);
      expect(during.json().data).toEqual(before.json().data);
      // The limiter's count and the queue's read each wait at most the timeout.
      expect(performance.now() - started).toBeLessThan(withinMs);
    });
  });
});
