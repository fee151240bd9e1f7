import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscoverPageSchema, LikesReceivedSchema, MatchDetailsSchema, MatchStatsSchema, SwipeResultSchema, VisitorsSchema, type PreferenceFields } from '@linkup/contract';
import { buildTestApp, clearOfMidnightClock, type TestApp } from './helpers/app';
import { type Member, api, buildBlock, buildMember, buildOnboardedMember, buildPrivacy, grantPremium } from './helpers/factories';
import { birthDateBounds } from '../src/modules/discover/discover-ranking';
import { cityCell } from '../src/lib/geo';

/** Members live in Johannesburg unless overridden. */
const JOHANNESBURG = { city: 'Johannesburg', province: 'Gauteng', location_cell: cityCell('Johannesburg') };
/** Saved preferences: looking for women or men of 18–60, no other wishes, unless overridden. */
const OPEN_PREFS: PreferenceFields = { genders: ['female', 'male'], age_max: 60 };

/** A birth date that makes a member `age` today. */
const bornAged = (age: number) => birthDateBounds(age, age).onOrBefore;

describe('matching API', () => {
  let t: TestApp;
  const call = api(() => t.app);

  const discover = async (m: Member, query = '') => {
    const response = await call(m, 'GET', `/matches/discover?per_page=50${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return DiscoverPageSchema.parse(response.json().data).items;
  };
  const discoverIds = async (m: Member, query = '') => (await discover(m, query)).map((c) => c.id);

  beforeAll(async () => {
    // Free members' likes and super likes count per UTC day: never let a run cross midnight.
    t = await buildTestApp({}, { clock: clearOfMidnightClock() });
  });
  afterAll(async () => t.close());

  it('requires authentication on every endpoint', async () => {
    for (const [method, url] of [['GET', '/matches/discover'], ['POST', '/matches/x/like'], ['POST', '/matches/x/pass'], ['POST', '/matches/x/super-like'],
      ['GET', '/matches'], ['GET', '/matches/x'], ['DELETE', '/matches/x'], ['GET', '/matches/likes'], ['GET', '/matches/stats/summary'],
      ['POST', '/matches/undo-last-action'], ['POST', '/matches/boost-profile'], ['GET', '/visitors'], ['GET', '/activity']] as const) {
      expect((await call(null, method, url)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  describe('discover', () => {
    // Each test its own viewer (and the candidates it needs): the file's other tests add members
    // to the same database, in any order.
    const viewer = () => buildOnboardedMember(t.app, { ...JOHANNESBURG, gender: 'male', date_of_birth: bornAged(30) }, { ...OPEN_PREFS, genders: ['female'], age_min: 25, age_max: 35 });

    it('shows only people who fit my preferences and whose preferences I fit', async () => {
      const me = await viewer();
      const fits = await buildOnboardedMember(t.app, { ...JOHANNESBURG, name: 'Fits', gender: 'female', date_of_birth: bornAged(28) }, { ...OPEN_PREFS, genders: ['male'], age_min: 25, age_max: 35 });
      const noPrefs = await buildMember(t.app, { ...JOHANNESBURG, name: 'No preferences', gender: 'female', date_of_birth: bornAged(27) });
      const tooOld = await buildOnboardedMember(t.app, { ...JOHANNESBURG, gender: 'female', date_of_birth: bornAged(40) }, { ...OPEN_PREFS, genders: ['male'] });
      const excludesMyAge = await buildOnboardedMember(t.app, { ...JOHANNESBURG, gender: 'female', date_of_birth: bornAged(28) }, { ...OPEN_PREFS, genders: ['male'], age_min: 35, age_max: 45 });
      const wantsWomen = await buildOnboardedMember(t.app, { ...JOHANNESBURG, gender: 'female', date_of_birth: bornAged(28) }, { ...OPEN_PREFS, genders: ['female'] });
      const man = await buildOnboardedMember(t.app, { ...JOHANNESBURG, gender: 'male', date_of_birth: bornAged(28) }, { ...OPEN_PREFS, genders: ['male'] });
      const unfinished = await buildOnboardedMember(t.app, { ...JOHANNESBURG, gender: 'female', date_of_birth: bornAged(28), profile_completed: false }, { ...OPEN_PREFS, genders: ['male'] });
      const hidden = await buildOnboardedMember(t.app, { ...JOHANNESBURG, gender: 'female', date_of_birth: bornAged(28) }, { ...OPEN_PREFS, genders: ['male'] });
      await buildPrivacy(t.app, hidden.user, { hide_from_discover: true });

      const ids = await discoverIds(me);
      expect(ids).toContain(fits.user.id);
      expect(ids).toContain(noPrefs.user.id);
      for (const other of [tooOld, excludesMyAge, wantsWomen, man, unfinished, hidden, me]) expect(ids).not.toContain(other.user.id);
    });

    it('cards carry presentable fields and reasons, never contact details or coordinates', async () => {
      const me = await viewer();
      await buildOnboardedMember(t.app, { ...JOHANNESBURG, gender: 'female', date_of_birth: bornAged(28) }, { ...OPEN_PREFS, genders: ['male'] });
      const response = await call(me, 'GET', '/matches/discover');
      const page = DiscoverPageSchema.parse(response.json().data);
      expect(page.items.length).toBeGreaterThan(0);
      for (const card of page.items) expect(Array.isArray(card.reasons)).toBe(true);
      const body = response.body;
      expect(body).not.toMatch(/@example\.test/);
      expect(body).not.toMatch(/\+2783/);
      expect(body).not.toMatch(/date_of_birth|location_cell|latitude|longitude/);
      expect(body).not.toContain(`"${cityCell('Johannesburg')}"`);
    });

    it('applies filter parameters and refuses bad ones with 422', async () => {
      const me = await viewer();
      const capeTown = await buildOnboardedMember(t.app, { ...JOHANNESBURG, gender: 'female', date_of_birth: bornAged(29), city: 'Cape Town', province: 'Western Cape', location_cell: cityCell('Cape Town') }, { ...OPEN_PREFS, genders: ['male'] });
      const inCity = await discover(me, '&city=Cape%20Town');
      expect(inCity.map((c) => c.id)).toContain(capeTown.user.id);
      expect(new Set(inCity.map((c) => c.city))).toEqual(new Set(['Cape Town']));
      const inProvince = await discover(me, '&province=Western%20Cape');
      expect(inProvince.map((c) => c.id)).toContain(capeTown.user.id);
      expect(new Set(inProvince.map((c) => c.province))).toEqual(new Set(['Western Cape']));
      expect(await discoverIds(me, '&distance=50')).not.toContain(capeTown.user.id);
      for (const query of ['age_min=40&age_max=30', 'gender=robot', 'age_min=12', 'per_page=500', 'distance=0']) {
        const response = await call(me, 'GET', `/matches/discover?${query}`);
        expect(response.statusCode, query).toBe(422);
      }
    });

    it('never shows members blocked either way, and liking them answers 404', async () => {
      const me = await viewer();
      const blockedByMe = await buildOnboardedMember(t.app, { ...JOHANNESBURG, gender: 'female', date_of_birth: bornAged(28) }, { ...OPEN_PREFS, genders: ['male'] });
      const blockedMe = await buildOnboardedMember(t.app, { ...JOHANNESBURG, gender: 'female', date_of_birth: bornAged(28) }, { ...OPEN_PREFS, genders: ['male'] });
      await buildBlock(t.app, me.user, blockedByMe.user);
      await buildBlock(t.app, blockedMe.user, me.user);
      const ids = await discoverIds(me);
      expect(ids).not.toContain(blockedByMe.user.id);
      expect(ids).not.toContain(blockedMe.user.id);
      expect((await call(me, 'POST', `/matches/${blockedMe.user.id}/like`)).statusCode).toBe(404);
      expect((await call(me, 'POST', `/matches/${blockedByMe.user.id}/pass`)).statusCode).toBe(404);
    });

    it('does not repeat people I liked or passed; a pass comes back after the resurface time', async () => {
      const me = await viewer();
      const liked = await buildOnboardedMember(t.app, { ...JOHANNESBURG, gender: 'female', date_of_birth: bornAged(26) }, { ...OPEN_PREFS, genders: ['male'] });
      const passed = await buildOnboardedMember(t.app, { ...JOHANNESBURG, gender: 'female', date_of_birth: bornAged(26) }, { ...OPEN_PREFS, genders: ['male'] });
      expect((await call(me, 'POST', `/matches/${liked.user.id}/like`)).statusCode).toBe(200);
      expect((await call(me, 'POST', `/matches/${passed.user.id}/pass`)).statusCode).toBe(200);
      let ids = await discoverIds(me);
      expect(ids).not.toContain(liked.user.id);
      expect(ids).not.toContain(passed.user.id);
      const longAgo = new Date(Date.now() - 31 * 24 * 3600_000).toISOString();
      await t.database.db.updateTable('swipes').set({ created_at: longAgo }).where('actor_id', '=', me.user.id).execute();
      ids = await discoverIds(me);
      expect(ids).toContain(passed.user.id);
      expect(ids).not.toContain(liked.user.id);
    });

    it('ranks a boosted member first', async () => {
      const me = await viewer();
      const quiet = await buildOnboardedMember(t.app, { ...JOHANNESBURG, name: 'Boosted', gender: 'female', date_of_birth: bornAged(31), last_active_at: new Date(Date.now() - 10 * 24 * 3600_000).toISOString() }, { ...OPEN_PREFS, genders: ['male'] });
      await grantPremium(t.database.db, quiet.user);
      const boosted = await call(quiet, 'POST', '/matches/boost-profile');
      expect(boosted.statusCode).toBe(200);
      expect(boosted.json()).toMatchObject({ message: 'Your profile is boosted for the next 30 minutes.' });
      const response = await call(me, 'GET', '/matches/discover');
      const first = DiscoverPageSchema.parse(response.json().data).items[0]!;
      expect(first).toMatchObject({ id: quiet.user.id, is_boosted: true });
      // Once a week, and not while a boost runs.
      expect((await call(quiet, 'POST', '/matches/boost-profile')).statusCode).toBe(409);
    });
  });

  describe('likes and matches', () => {
    it('a mutual like makes one match and one chat room, even when both like at once', async () => {
      for (let round = 0; round < 4; round += 1) {
        const [a, b] = [await buildOnboardedMember(t.app, JOHANNESBURG, OPEN_PREFS), await buildOnboardedMember(t.app, JOHANNESBURG, OPEN_PREFS)];
        const [x, y] = await Promise.all([call(a, 'POST', `/matches/${b.user.id}/like`), call(b, 'POST', `/matches/${a.user.id}/like`)]);
        expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
        const results = [SwipeResultSchema.parse(x.json().data), SwipeResultSchema.parse(y.json().data)];
        expect(results.some((r) => r.matched)).toBe(true);
        const rows = await t.database.db.selectFrom('matches').selectAll().where('pair_key', '=', [a.user.id, b.user.id].sort().join(':')).execute();
        expect(rows).toHaveLength(1);
        expect(rows[0]!.chat_room_id).toBeTruthy();
        const rooms = await t.database.db.selectFrom('chat_rooms').select('id').where('pair_key', '=', [a.user.id, b.user.id].sort().join(':')).execute();
        expect(rooms).toHaveLength(1);
        // A double tap changes nothing.
        const again = await call(a, 'POST', `/matches/${b.user.id}/like`);
        expect(SwipeResultSchema.parse(again.json().data)).toMatchObject({ matched: true, match: { id: rows[0]!.id } });
        for (const m of [a, b]) {
          const list = await call(m, 'GET', '/matches');
          expect(list.json().data.items.map((i: { id: string }) => i.id)).toEqual([rows[0]!.id]);
        }
      }
    });

    it('a super like on either side makes a super match; match details show how', async () => {
      const [a, b] = [await buildOnboardedMember(t.app, JOHANNESBURG, OPEN_PREFS), await buildOnboardedMember(t.app, JOHANNESBURG, OPEN_PREFS)];
      await call(a, 'POST', `/matches/${b.user.id}/super-like`);
      const result = SwipeResultSchema.parse((await call(b, 'POST', `/matches/${a.user.id}/like`)).json().data);
      expect(result.match).toMatchObject({ kind: 'super_like', user: { id: a.user.id } });
      const details = await call(b, 'GET', `/matches/${result.match!.id}`);
      expect(details.statusCode).toBe(200);
      expect(MatchDetailsSchema.parse(details.json().data)).toMatchObject({ liked_first: 'them', my_action: 'like', their_action: 'super_like' });
      const stranger = await buildOnboardedMember(t.app, JOHANNESBURG, OPEN_PREFS);
      expect((await call(stranger, 'GET', `/matches/${result.match!.id}`)).statusCode).toBe(404);
      expect((await call(stranger, 'DELETE', `/matches/${result.match!.id}`)).statusCode).toBe(404);
    });

    it('refuses liking oneself (422) and unknown members (404)', async () => {
      const a = await buildOnboardedMember(t.app, JOHANNESBURG, OPEN_PREFS);
      expect((await call(a, 'POST', `/matches/${a.user.id}/like`)).statusCode).toBe(422);
      expect((await call(a, 'POST', '/matches/nobody/like')).statusCode).toBe(404);
    });

    it('unmatch ends the match for both and closes the room', async () => {
      const [a, b] = [await buildOnboardedMember(t.app, JOHANNESBURG, OPEN_PREFS), await buildOnboardedMember(t.app, JOHANNESBURG, OPEN_PREFS)];
      await call(a, 'POST', `/matches/${b.user.id}/like`);
      const match = SwipeResultSchema.parse((await call(b, 'POST', `/matches/${a.user.id}/like`)).json().data).match!;
      const response = await call(a, 'DELETE', `/matches/${match.id}`);
      expect(response.statusCode).toBe(200);
      for (const m of [a, b]) {
        expect((await call(m, 'GET', '/matches')).json().data.items).toEqual([]);
        // The room answers as ended (issue 29); its messages stay out of reach.
        expect((await call(m, 'GET', `/chat/rooms/${match.chat_room_id}`)).json().data).toMatchObject({ ended: true, match_id: null });
        expect((await call(m, 'GET', `/chat/rooms/${match.chat_room_id}/messages`)).statusCode).toBe(404);
      }
      expect((await call(b, 'DELETE', `/matches/${match.id}`)).statusCode).toBe(404);
      // Neither can like the other into a new match.
      expect((await call(b, 'POST', `/matches/${a.user.id}/like`)).statusCode).toBe(404);
    });
  });

  describe('limits and premium', () => {
    it('a free member gets 25 likes a day: the 26th answers 429 with when it resets', async () => {
      const me = await buildOnboardedMember(t.app, JOHANNESBURG, OPEN_PREFS);
      const targets = await Promise.all(Array.from({ length: 26 }, () => buildOnboardedMember(t.app, JOHANNESBURG, OPEN_PREFS)));
      for (const target of targets.slice(0, 25)) expect((await call(me, 'POST', `/matches/${target.user.id}/like`)).statusCode).toBe(200);
      const refused = await call(me, 'POST', `/matches/${targets[25]!.user.id}/like`);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/used all your likes for today.*midnight UTC/);
      // Clients read the code and the reset time, never the sentence.
      expect(refused.json()).toMatchObject({ status: 429, code: 'daily_likes_used', details: { resets_at: expect.stringMatching(/T00:00:00\.000Z$/) } });
      // Passing still works, and the refused like left nothing behind.
      expect((await call(me, 'POST', `/matches/${targets[25]!.user.id}/pass`)).statusCode).toBe(200);
      const stats = MatchStatsSchema.parse((await call(me, 'GET', '/matches/stats/summary')).json().data);
      expect(stats).toMatchObject({ likes_sent: 25, likes_left_today: 0, is_premium: false });
    });

    it('concurrent likes never exceed the limit', async () => {
      const me = await buildOnboardedMember(t.app, JOHANNESBURG, OPEN_PREFS);
      const targets = await Promise.all(Array.from({ length: 30 }, () => buildOnboardedMember(t.app, JOHANNESBURG, OPEN_PREFS)));
      const responses = await Promise.all(targets.map((target) => call(me, 'POST', `/matches/${target.user.id}/like`)));
      expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(25);
      expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(5);
      const swipes = await t.database.db.selectFrom('swipes').select('target_id').where('actor_id', '=', me.user.id).execute();
      expect(swipes).toHaveLength(25);
    });

    it('one super like a day for free members, five for premium', async () => {
      const free = await buildOnboardedMember(t.app, JOHANNESBURG, OPEN_PREFS);
      const premium = await buildOnboardedMember(t.app, JOHANNESBURG, OPEN_PREFS);
      await grantPremium(t.database.db, premium.user);
      const targets = await Promise.all(Array.from({ length: 6 }, () => buildOnboardedMember(t.app, JOHANNESBURG, OPEN_PREFS)));
      expect((await call(free, 'POST', `/matches/${targets[0]!.user.id}/super-like`)).statusCode).toBe(200);
      expect((await call(free, 'POST', `/matches/${targets[1]!.user.id}/super-like`)).statusCode).toBe(429);
      for (const target of targets.slice(0, 5)) expect((await call(premium, 'POST', `/matches/${target.user.id}/super-like`)).statusCode).toBe(200);
      expect((await call(premium, 'POST', `/matches/${targets[5]!.user.id}/super-like`)).statusCode).toBe(429);
    });

    it('premium-only calls answer 402 to free members', async () => {
      const free = await buildOnboardedMember(t.app, JOHANNESBURG, OPEN_PREFS);
      for (const url of ['/matches/undo-last-action', '/matches/boost-profile']) {
        const response = await call(free, 'POST', url);
        expect(response.statusCode, url).toBe(402);
        expect(response.json().message).toMatch(/Premium/);
      }
    });

    it('free members see who likes them and who visited only as a count and blurred placeholders', async () => {
      const me = await buildOnboardedMember(t.app, JOHANNESBURG, OPEN_PREFS);
      const fan = await buildOnboardedMember(t.app, { ...JOHANNESBURG, name: 'Secret Admirer' }, OPEN_PREFS);
      await call(fan, 'POST', `/matches/${me.user.id}/like`);
      await t.database.db.insertInto('profile_visits').values({ id: `visit-${fan.user.id}`, viewer_id: fan.user.id, viewed_id: me.user.id, visit_date: '2026-01-01', created_at: new Date().toISOString() }).execute();
      const likes = await call(me, 'GET', '/matches/likes');
      expect(LikesReceivedSchema.parse(likes.json().data)).toEqual({ count: 1, locked: true, items: [], placeholders: 1 });
      const visitors = await call(me, 'GET', '/visitors');
      expect(VisitorsSchema.parse(visitors.json().data)).toEqual({ count: 1, locked: true, items: [], placeholders: 1 });
      for (const body of [likes.body, visitors.body]) {
        expect(body).not.toContain('Secret Admirer');
        expect(body).not.toContain(fan.user.id);
        expect(body).not.toContain('/media/');
      }

      await grantPremium(t.database.db, me.user);
      const unlocked = LikesReceivedSchema.parse((await call(me, 'GET', '/matches/likes')).json().data);
      expect(unlocked).toMatchObject({ count: 1, locked: false, items: [{ user: { id: fan.user.id, name: 'Secret Admirer' }, kind: 'like' }] });
      const seen = VisitorsSchema.parse((await call(me, 'GET', '/visitors')).json().data);
      expect(seen.items.map((v) => v.user.id)).toEqual([fan.user.id]);
      // Liking back makes the match and empties the list.
      const back = SwipeResultSchema.parse((await call(me, 'POST', `/matches/${fan.user.id}/like`)).json().data);
      expect(back.matched).toBe(true);
      expect((await call(me, 'GET', '/matches/likes')).json().data.count).toBe(0);
    });

    it('undo brings back my last pass, but not a like that made a match', async () => {
      const me = await buildOnboardedMember(t.app, { ...JOHANNESBURG, gender: 'male', date_of_birth: bornAged(30) }, { ...OPEN_PREFS, genders: ['female'], age_min: 25, age_max: 35 });
      await grantPremium(t.database.db, me.user);
      expect((await call(me, 'POST', '/matches/undo-last-action')).statusCode).toBe(409);
      const other = await buildOnboardedMember(t.app, { ...JOHANNESBURG, gender: 'female', date_of_birth: bornAged(27) }, { ...OPEN_PREFS, genders: ['male'] });
      await call(me, 'POST', `/matches/${other.user.id}/pass`);
      expect(await discoverIds(me)).not.toContain(other.user.id);
      const undone = await call(me, 'POST', '/matches/undo-last-action');
      expect(undone.json().data).toEqual({ action: 'pass', user_id: other.user.id });
      expect(await discoverIds(me)).toContain(other.user.id);

      await call(other, 'POST', `/matches/${me.user.id}/like`);
      expect(SwipeResultSchema.parse((await call(me, 'POST', `/matches/${other.user.id}/like`)).json().data).matched).toBe(true);
      expect((await call(me, 'POST', '/matches/undo-last-action')).statusCode).toBe(409);
    });

    it('stats and activity describe what happened', async () => {
      const me = await buildOnboardedMember(t.app, JOHANNESBURG, OPEN_PREFS);
      const [x, y] = [await buildOnboardedMember(t.app, JOHANNESBURG, OPEN_PREFS), await buildOnboardedMember(t.app, JOHANNESBURG, OPEN_PREFS)];
      await call(me, 'POST', `/matches/${x.user.id}/like`);
      await call(y, 'POST', `/matches/${me.user.id}/super-like`);
      await call(x, 'POST', `/matches/${me.user.id}/like`);
      const stats = MatchStatsSchema.parse((await call(me, 'GET', '/matches/stats/summary')).json().data);
      expect(stats).toMatchObject({ likes_sent: 1, likes_received: 2, super_likes_received: 1, matches: 1, likes_left_today: 24, super_likes_left_today: 1 });
      const activity = (await call(me, 'GET', '/activity')).json().data.items as { type: string; user: { id: string } }[];
      expect(activity.map((a) => a.type).sort()).toEqual(['like_sent', 'match', 'super_like_received']);
    });
  });
});
