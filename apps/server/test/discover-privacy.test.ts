import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscoverPageSchema } from '@linkup/contract';
import { cityCell } from '../src/lib/geo';
import { birthDateBounds } from '../src/modules/discover/discover-ranking';
import { buildTestApp, type TestApp } from './helpers/app';
import { type Member, api, buildMember, buildOnboardedMember, buildPrivacy } from './helpers/factories';

const bornAged = (age: number) => birthDateBounds(age, age).onOrBefore;
const POLOKWANE = { city: 'Polokwane', province: 'Limpopo', location_cell: cityCell('Polokwane') };

/**
 * Issue #27 item 11 in Discover: a member who hides their age is found by no run of age filters
 * or preferences — they are left out of every age range that narrows the list, and their age
 * moves no compatibility score.
 */
describe('discover: members who hide their age', () => {
  let t: TestApp;
  const call = api(() => t.app);
  const discover = async (m: Member, query = '') => {
    const response = await call(m, 'GET', `/matches/discover?per_page=50${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return DiscoverPageSchema.parse(response.json().data).items;
  };
  const discoverIds = async (m: Member, query = '') => (await discover(m, query)).map((c) => c.id);

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('leaves them out of every age range that narrows the list, so a binary search learns nothing', async () => {
    const secret = await buildOnboardedMember(t.app, { ...POLOKWANE, gender: 'female', date_of_birth: bornAged(28) }, { age_max: 99, genders: ['male'], strict_fields: [] });
    await buildPrivacy(t.app, secret.user, { show_age: false });
    const shown = await buildOnboardedMember(t.app, { ...POLOKWANE, gender: 'female', date_of_birth: bornAged(28) }, { age_max: 99, genders: ['male'], strict_fields: [] });
    const seeker = await buildOnboardedMember(t.app, { ...POLOKWANE, gender: 'male', date_of_birth: bornAged(30) }, { age_max: 99, genders: ['female'], strict_fields: ['genders'] });

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
    const strict = await buildOnboardedMember(t.app, { ...POLOKWANE, gender: 'male', date_of_birth: bornAged(30) }, { genders: ['female'], age_min: 25, age_max: 35, strict_fields: ['genders', 'age'] });
    const ids = await discoverIds(strict);
    expect(ids).toContain(shown.user.id);
    expect(ids).not.toContain(secret.user.id);
  });

  it('keeps their age out of the compatibility score, which soft age preferences would otherwise move', async () => {
    const secret = await buildMember(t.app, { gender: 'female', date_of_birth: bornAged(41), city: 'Kimberley', province: 'Northern Cape', location_cell: cityCell('Kimberley') });
    await buildPrivacy(t.app, secret.user, { show_age: false });
    const shown = await buildMember(t.app, { gender: 'female', date_of_birth: bornAged(41), city: 'Kimberley', province: 'Northern Cape', location_cell: cityCell('Kimberley') });
    // Two seekers alike but for the ages they would like (a wish, not a dealbreaker).
    const seeker = (ages: [number, number]) => buildOnboardedMember(
      t.app,
      { gender: 'male', date_of_birth: bornAged(30), city: 'Kimberley', province: 'Northern Cape', location_cell: cityCell('Kimberley') },
      { genders: ['female'], age_min: ages[0], age_max: ages[1], strict_fields: ['genders'] },
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
