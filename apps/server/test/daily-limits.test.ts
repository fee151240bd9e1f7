import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchStatsSchema } from '@linkup/contract';
import { ManualClock, buildTestApp, type TestApp } from './helpers/app';
import { api, buildMember } from './helpers/factories';

/** Daily allowances and visits count per UTC day of the app's clock (lib/clock.ts). */
describe('across midnight UTC', () => {
  const clock = new ManualClock(new Date('2031-03-14T23:58:00.000Z'));
  let t: TestApp;
  const call = api(() => t.app);

  beforeAll(async () => {
    t = await buildTestApp({ FREE_DAILY_LIKES: '3' }, { clock });
  });
  afterAll(async () => t.close());

  it('likes used up before midnight come back after it, and the limit says when', async () => {
    clock.set('2031-03-14T23:58:00.000Z');
    const me = await buildMember(t.app);
    const targets = await Promise.all(Array.from({ length: 5 }, () => buildMember(t.app)));
    for (const target of targets.slice(0, 3)) expect((await call(me, 'POST', `/matches/${target.user.id}/like`)).statusCode).toBe(200);
    const refused = await call(me, 'POST', `/matches/${targets[3]!.user.id}/like`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'daily_likes_used', details: { resets_at: '2031-03-15T00:00:00.000Z' } });
    expect(refused.json().message).toContain('2031-03-15T00:00:00.000Z');
    expect(MatchStatsSchema.parse((await call(me, 'GET', '/matches/stats/summary')).json().data))
      .toMatchObject({ likes_left_today: 0, resets_at: '2031-03-15T00:00:00.000Z' });

    clock.set('2031-03-15T00:00:01.000Z');
    expect((await call(me, 'POST', `/matches/${targets[3]!.user.id}/like`)).statusCode).toBe(200);
    expect(MatchStatsSchema.parse((await call(me, 'GET', '/matches/stats/summary')).json().data))
      .toMatchObject({ likes_left_today: 2, resets_at: '2031-03-16T00:00:00.000Z' });
  });

  it('the free super like of the day comes back after midnight, not before', async () => {
    clock.set('2031-05-20T23:59:00.000Z');
    const me = await buildMember(t.app);
    const [first, second] = [await buildMember(t.app), await buildMember(t.app)];
    expect((await call(me, 'POST', `/matches/${first.user.id}/super-like`)).statusCode).toBe(200);
    clock.set('2031-05-20T23:59:59.000Z');
    expect((await call(me, 'POST', `/matches/${second.user.id}/super-like`)).statusCode).toBe(429);
    clock.set('2031-05-21T00:00:00.000Z');
    expect((await call(me, 'POST', `/matches/${second.user.id}/super-like`)).statusCode).toBe(200);
    expect(MatchStatsSchema.parse((await call(me, 'GET', '/matches/stats/summary')).json().data))
      .toMatchObject({ super_likes_left_today: 0, resets_at: '2031-05-22T00:00:00.000Z' });
  });

  it('a profile visit counts once per UTC day: again after midnight is a new visit', async () => {
    clock.set('2031-04-01T23:59:30.000Z');
    const [viewer, viewed] = [await buildMember(t.app), await buildMember(t.app)];
    for (let i = 0; i < 2; i++) expect((await call(viewer, 'GET', `/users/${viewed.user.id}`)).statusCode).toBe(200);
    clock.set('2031-04-02T00:00:30.000Z');
    expect((await call(viewer, 'GET', `/users/${viewed.user.id}`)).statusCode).toBe(200);
    const visits = await t.database.db.selectFrom('profile_visits').select('visit_date').where('viewer_id', '=', viewer.user.id).orderBy('visit_date').execute();
    expect(visits.map((v) => v.visit_date)).toEqual(['2031-04-01', '2031-04-02']);
  });
});
