import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREFERENCE_MESSAGES } from '@linkup/contract';
import { ManualClock, buildTestApp, type TestApp } from './helpers/app';
import { type Member, api, buildMember } from './helpers/factories';
import { CITY_CENTRES, distanceBucket, haversineKm } from '../src/lib/geo';

/**
 * Issue #12 item 6, the location promise (docs/decisions.md): another member learns no more
 * than the city the profile shows — the distance they see is a bucket between the two cities'
 * centres, however either member moves — and a member changes their own city a few times a day.
 */
describe('the location promise', () => {
  let t: TestApp;
  const clock = new ManualClock(new Date());
  beforeAll(async () => {
    t = await buildTestApp({}, { clock });
  });
  afterAll(async () => t.close());

  const NOWHERE = { city: null, province: null, location_cell: null };
  const call = api(() => t.app);
  const moveTo = (m: Member, latitude: number, longitude: number) => call(m, 'POST', '/preferences/location', { latitude, longitude });
  const distanceSeen = async (viewer: Member, other: Member) => {
    const res = await call(viewer, 'GET', `/users/${other.user.id}`);
    expect(res.statusCode).toBe(200);
    return res.json().data.distance as string | null;
  };

  it('moving around shows the same distance: the bucket between the two cities, nothing finer', async () => {
    const victim = await buildMember(t.app, { name: 'Vuyo Victim', ...NOWHERE });
    const attacker = await buildMember(t.app, { name: 'Ada Attacker', ...NOWHERE });
    // The victim shares a position 14 km north of the city centre; only "Cape Town" is kept.
    expect((await moveTo(victim, -33.80, 18.49)).json().data).toEqual({ city: 'Cape Town', province: 'Western Cape' });

    // Six moves of the attacker's own position around the victim, all nearest Cape Town.
    const seen = new Set<string | null>();
    for (const [lat, lng] of [[-33.92, 18.42], [-33.80, 18.49], [-33.75, 18.55], [-33.85, 18.60], [-33.70, 18.45], [-33.95, 18.47]] as const) {
      expect((await moveTo(attacker, lat, lng)).statusCode).toBe(200);
      seen.add(await distanceSeen(attacker, victim));
    }
    expect([...seen]).toEqual(['Less than 5 km away']);

    // The victim moving within the city changes nothing either.
    expect((await moveTo(victim, -33.98, 18.46)).statusCode).toBe(200);
    expect(await distanceSeen(attacker, victim)).toBe('Less than 5 km away');

    // From another city: exactly the bucket of the distance between the two cities' centres.
    expect((await moveTo(attacker, -33.93, 18.86)).json().data.city).toBe('Stellenbosch');
    const expected = distanceBucket(haversineKm(CITY_CENTRES['Stellenbosch']!, CITY_CENTRES['Cape Town']!));
    expect(await distanceSeen(attacker, victim)).toBe(expected);
    expect(await distanceSeen(victim, attacker)).toBe(expected);
    expect(expected).toBe('Less than 50 km away');
  });

  it('allows a few changes of one’s own city a day (429 past them), by position, list or profile', async () => {
    const mover = await buildMember(t.app, { name: 'Moe Mover', ...NOWHERE });
    expect((await call(mover, 'POST', '/preferences/location', { city: 'Durban' })).statusCode).toBe(200);
    expect((await call(mover, 'POST', '/preferences/location', { latitude: -29.60, longitude: 30.38 })).json().data.city).toBe('Pietermaritzburg');
    expect((await call(mover, 'PUT', '/profile', { city: 'Umhlanga', province: 'KwaZulu-Natal' })).statusCode).toBe(200);

    for (const [method, url, body] of [
      ['POST', '/preferences/location', { city: 'Cape Town' }],
      ['POST', '/preferences/location', { latitude: -33.92, longitude: 18.42 }],
      ['PUT', '/profile', { city: 'Durban', province: 'KwaZulu-Natal' }],
    ] as const) {
      const refused = await call(mover, method, url, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'location_change_limit', message: PREFERENCE_MESSAGES.locationLimit });
      // The first change of the day comes back 24 hours after it was made.
      expect(Date.parse(refused.json().details.resets_at)).toBeGreaterThan(clock.now().getTime() + 23 * 3_600_000);
    }
    // Nothing moved; staying in the same city is no change and always fine.
    expect((await call(mover, 'GET', '/preferences')).json().data.location).toEqual({ city: 'Umhlanga', province: 'KwaZulu-Natal' });
    expect((await call(mover, 'POST', '/preferences/location', { city: 'Umhlanga' })).statusCode).toBe(200);

    // A day later the allowance is back.
    clock.set(new Date(clock.now().getTime() + 25 * 3_600_000).toISOString());
    expect((await call(mover, 'POST', '/preferences/location', { city: 'Durban' })).statusCode).toBe(200);
  });

  it('changes sent all at once cannot slip past the limit', async () => {
    const racer = await buildMember(t.app, { name: 'Rae Racer', ...NOWHERE });
    const cities = ['Durban', 'Cape Town', 'Pretoria', 'Polokwane', 'Kimberley', 'George', 'Welkom', 'Upington'];
    const answers = await Promise.all(cities.map((city) => call(racer, 'POST', '/preferences/location', { city })));
    const kept = cities.filter((_, i) => answers[i]!.statusCode === 200);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 429)).toBe(true);
    // Counted before each change is made: exactly the day's allowance goes through.
    expect(kept).toHaveLength(3);
    const { city } = (await call(racer, 'GET', '/preferences')).json().data.location as { city: string };
    expect(kept).toContain(city);
  });
});
