import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscoverPageSchema } from '@linkup/contract';
import type { UserRow } from '../src/db/schema';
import { cityCell } from '../src/lib/geo';
import { nowIso } from '../src/lib/time';
import { birthDateBounds } from '../src/modules/discover/discover-ranking';
import { buildTestApp, type TestApp } from './helpers/app';
import { bearer, buildUser, signIn } from './helpers/factories';

interface Member { user: UserRow; token: string }

const bornAged = (age: number) => birthDateBounds(age, age).onOrBefore;

/**
 * Issue #27 item 11 in Discover: a member who hides their age is found by no run of age filters
 * or preferences — they are left out of every age range that narrows the list, and their age
 * moves no compatibility score.
 */
describe('discover: members who hide their age', () => {
  let t: TestApp;
  const make = async (overrides: Partial<UserRow>, prefs: { genders: string[]; age_min?: number; age_max?: number; strict: string[] } | null): Promise<Member> => {
    const user = await buildUser(t.database.db, { city: 'Polokwane', province: 'Limpopo', location_cell: cityCell('Polokwane'), ...overrides });
    if (prefs) {
      await t.database.db.insertInto('user_preferences').values({
        user_id: user.id, genders: JSON.stringify(prefs.genders), age_min: prefs.age_min ?? 18, age_max: prefs.age_max ?? 99,
        strict_fields: JSON.stringify(prefs.strict), created_at: nowIso(), updated_at: nowIso(),
      }).execute();
    }
    return { user, token: await signIn(t.app, user) };
  };
  const discover = async (m: Member, query = '') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/matches/discover?per_page=50${query}`, headers: bearer(m.token) });
    expect(response.statusCode, response.body).toBe(200);
    return DiscoverPageSchema.parse(response.json().data).items;
  };
  const discoverIds = async (m: Member, query = '') => (await discover(m, query)).map((c) => c.id);
  const hideAge = (m: Member) => t.database.db.insertInto('user_settings').values({ user_id: m.user.id, show_age: false, updated_at: nowIso() }).execute();

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('leaves them out of every age range that narrows the list, so a binary search learns nothing', async () => {
    const secret = await make({ gender: 'female', date_of_birth: bornAged(28) }, { genders: ['male'], strict: [] });
    await hideAge(secret);
    const shown = await make({ gender: 'female', date_of_birth: bornAged(28) }, { genders: ['male'], strict: [] });
    const seeker = await make({ gender: 'male', date_of_birth: bornAged(30) }, { genders: ['female'], strict: ['genders'] });

    expect(await discoverIds(seeker)).toContain(secret.user.id);
    expect(await discoverIds(seeker, '&age_min=18&age_max=99')).toContain(secret.user.id);
    const answers: boolean[] = [];
    let [low, high] = [18, 99];
    while (low < high) {
      const mid = Math.floor((low + high) / 2);
      const found = (await discoverIds(seeker, `&age_min=${low}&age_max=${mid}`)).includes(secret.user.id);
      answers.push(found);
      if (found) high = mid;
      else low = mid + 1;
    }
    expect(answers.length).toBeGreaterThanOrEqual(6);
    expect(answers.every((found) => !found)).toBe(true);
    expect(await discoverIds(seeker, '&age_min=28&age_max=28')).not.toContain(secret.user.id);
    // The member who shows her age is found by the same filter.
    expect(await discoverIds(seeker, '&age_min=28&age_max=28')).toContain(shown.user.id);

    // A strict age preference narrows as well.
    const strict = await make({ gender: 'male', date_of_birth: bornAged(30) }, { genders: ['female'], age_min: 25, age_max: 35, strict: ['genders', 'age'] });
    const ids = await discoverIds(strict);
    expect(ids).toContain(shown.user.id);
    expect(ids).not.toContain(secret.user.id);
  });

  it('keeps their age out of the compatibility score, which soft age preferences would otherwise move', async () => {
    const secret = await make({ gender: 'female', date_of_birth: bornAged(41), city: 'Kimberley', province: 'Northern Cape', location_cell: cityCell('Kimberley') }, null);
    await hideAge(secret);
    const shown = await make({ gender: 'female', date_of_birth: bornAged(41), city: 'Kimberley', province: 'Northern Cape', location_cell: cityCell('Kimberley') }, null);
    // Two seekers alike but for the ages they would like (a wish, not a dealbreaker).
    const seeker = (ages: [number, number]) => make(
      { gender: 'male', date_of_birth: bornAged(30), city: 'Kimberley', province: 'Northern Cape', location_cell: cityCell('Kimberley') },
      { genders: ['female'], age_min: ages[0], age_max: ages[1], strict: ['genders'] },
    );
    const [young, old] = [await seeker([25, 35]), await seeker([40, 50])];
    const score = async (m: Member, id: string) => (await discover(m, '&city=Kimberley')).find((c) => c.id === id)?.compatibility;
    // Her age fits one wish and not the other: the score tells.
    expect(await score(young, shown.user.id)).not.toBe(await score(old, shown.user.id));
    // Hidden, it tells nothing.
    const [a, b] = [await score(young, secret.user.id), await score(old, secret.user.id)];
    expect(a).toEqual(expect.any(Number));
    expect(a).toBe(b);
  });
});
