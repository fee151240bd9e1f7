import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  INTEREST_CATALOGUE, INTERESTS_MAX, InterestCatalogueSchema, OwnProfileSchema, PROFILE_COMPLETION_ITEMS, SessionUserSchema,
} from '@linkup/contract';
import { cityCell } from '../src/lib/geo';
import { buildTestApp, type TestApp } from './helpers/app';
import { type Member, api, buildMember } from './helpers/factories';

/** A birth date `years` years ago today (UTC), ± `days`. */
function birthDate(years: number, days = 0): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

describe('profile API', () => {
  let t: TestApp;
  let alice: Member;
  const call = api(() => t.app);
  const userRow = (id: string) => t.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await buildTestApp();
  });
  // A new Alice for every test: none sees what another changed.
  beforeEach(async () => {
    alice = await buildMember(t.app, { name: 'Alice Zulu', date_of_birth: '1995-06-15', location_cell: cityCell('Cape Town') });
  });
  afterAll(async () => t.close());

  it('requires authentication on every endpoint', async () => {
    for (const [method, url] of [['GET', '/profile'], ['PUT', '/profile'], ['GET', '/interests'], ['PUT', '/profile/interests']] as const) {
      const response = await call(null, method, url, method === 'PUT' ? {} : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toMatchObject({ success: false, status: 401 });
    }
  });

  it('GET /profile answers my own full profile with its completion, never coordinates', async () => {
    const response = await call(alice, 'GET', '/profile');
    expect(response.statusCode).toBe(200);
    const profile = OwnProfileSchema.parse(response.json().data);
    expect(profile).toMatchObject({
      id: alice.user.id, name: 'Alice Zulu', email: alice.user.email, phone_number: alice.user.phone_number,
      date_of_birth: '1995-06-15', gender: 'female', city: 'Cape Town', province: 'Western Cape', photos: [], interests: [],
      profile_completed: true,
    });
    expect(profile.age).toBeGreaterThanOrEqual(29);
    const body = response.body;
    expect(body).not.toContain('location_cell');
    expect(body).not.toContain(cityCell('Cape Town')!);
    expect(body).not.toContain('password');
    expect(body).not.toMatch(/latitude|longitude/);
    // Gender, birth date and city are there; photos, about, interests and the dating fields are missing.
    const missing = profile.completion.missing.map((m) => m.field);
    expect(missing).toEqual(expect.arrayContaining(['photos', 'about', 'interests', 'relationship_type', 'body_type', 'height_cm']));
    expect(missing).not.toContain('gender');
    expect(missing).not.toContain('city');
    const have = PROFILE_COMPLETION_ITEMS.filter((i) => !missing.includes(i.field)).reduce((sum, i) => sum + i.weight, 0);
    expect(profile.completion.percentage).toBe(have);
    expect(profile.completion.missing.every((m) => m.label.length > 0)).toBe(true);
  });

  it('PUT /profile changes only the fields sent and answers the updated profile', async () => {
    const response = await call(alice, 'PUT', '/profile', {
      about: '  I love hiking and long coffees.  ', relationship_type: 'long_term', body_type: 'athletic', height_cm: 168,
      job_title: 'Engineer', education: '', how_often_drink: 'socially',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Your profile has been updated.');
    const profile = OwnProfileSchema.parse(response.json().data);
    expect(profile).toMatchObject({
      name: 'Alice Zulu', about: 'I love hiking and long coffees.', relationship_type: 'long_term', body_type: 'athletic',
      height_cm: 168, job_title: 'Engineer', education: null, how_often_drink: 'socially', gender: 'female', city: 'Cape Town',
    });
    expect(profile.completion.missing.map((m) => m.field)).not.toContain('about');
    // null clears an optional field
    const cleared = await call(alice, 'PUT', '/profile', { body_type: null, job_title: null });
    expect(cleared.json().data).toMatchObject({ body_type: null, job_title: null, relationship_type: 'long_term' });
    // an empty body changes nothing
    const empty = await call(alice, 'PUT', '/profile', {});
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data.about).toBe('I love hiking and long coffees.');
  });

  it('a new city moves the coarse location cell; the cell never leaves the server', async () => {
    const bob = await buildMember(t.app, { city: 'Cape Town', province: 'Western Cape', location_cell: cityCell('Cape Town') });
    const response = await call(bob, 'PUT', '/profile', { province: 'KwaZulu-Natal', city: 'Durban', name: 'Bob Khumalo' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ city: 'Durban', province: 'KwaZulu-Natal', name: 'Bob Khumalo' });
    expect(response.body).not.toContain(cityCell('Durban')!);
    const row = await userRow(bob.user.id);
    expect(row.location_cell).toBe(cityCell('Durban'));
    expect(row.location_cell).toHaveLength(5);
    // the same city again leaves the cell alone
    await call(bob, 'PUT', '/profile', { province: 'KwaZulu-Natal', city: 'Durban' });
    expect((await userRow(bob.user.id)).location_cell).toBe(cityCell('Durban'));
  });

  it('refuses bad input with 422 and field errors, changing nothing', async () => {
    const before = await userRow(alice.user.id);
    const cases: [object, string][] = [
      [{ gender: 'robot' }, 'gender'],
      [{ marital_status: 'complicated' }, 'marital_status'],
      [{ body_type: 'square' }, 'body_type'],
      [{ relationship_type: 'situationship' }, 'relationship_type'],
      [{ how_often_drink: 'always' }, 'how_often_drink'],
      [{ love_language: 'money' }, 'love_language'],
      [{ love_language: 'money' }, 'love_language'],
      [{ height_cm: 90 }, 'height_cm'],
      [{ height_cm: 260 }, 'height_cm'],
      [{ height_cm: 170.5 }, 'height_cm'],
      [{ height_cm: '170' }, 'height_cm'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(81) }, 'name'],
      [{ name: 'Alice\u202Ecilba' }, 'name'],
      [{ name: '\u2067Alice' }, 'name'],
      [{ name: 'Ali\u0000ce' }, 'name'],
      [{ about: 'x'.repeat(1001) }, 'about'],
      [{ job_title: 'x'.repeat(81) }, 'job_title'],
      [{ date_of_birth: birthDate(17) }, 'date_of_birth'],
      [{ date_of_birth: birthDate(18, 1) }, 'date_of_birth'],
      [{ date_of_birth: '1990-02-30' }, 'date_of_birth'],
      [{ date_of_birth: '15/06/1990' }, 'date_of_birth'],
      [{ date_of_birth: '1850-01-01' }, 'date_of_birth'],
      [{ province: 'Atlantis', city: 'Cape Town' }, 'province'],
      [{ province: 'Gauteng', city: 'Cape Town' }, 'city'],
      [{ city: 'Durban' }, 'province'],
      [{ province: 'Gauteng' }, 'city'],
    ];
    for (const [payload, field] of cases) {
      const response = await call(alice, 'PUT', '/profile', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(response.json().errors ?? {}), JSON.stringify(payload)).toContain(field);
    }
    expect((await call(alice, 'PUT', '/profile', { date_of_birth: birthDate(17) })).json().errors.date_of_birth[0]).toMatch(/at least 18/);
    expect(await userRow(alice.user.id)).toEqual(before);
  });

  it('accepts a member turning 18 today', async () => {
    const carol = await buildMember(t.app);
    const response = await call(carol, 'PUT', '/profile', { date_of_birth: birthDate(18) });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.age).toBe(18);
  });

  it('GET /interests lists the whole catalogue (filled at start-up) and the limit', async () => {
    const response = await call(alice, 'GET', '/interests');
    expect(response.statusCode).toBe(200);
    const catalogue = InterestCatalogueSchema.parse(response.json().data);
    expect(catalogue.max).toBe(INTERESTS_MAX);
    expect(catalogue.interests.map((i) => i.name).sort()).toEqual([...INTEREST_CATALOGUE].sort());
  });

  it('PUT /profile/interests replaces my interests with catalogue names', async () => {
    const response = await call(alice, 'PUT', '/profile/interests', { interests: ['Coffee', 'Hiking', 'Braai', 'Hiking'] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: 'Your interests have been saved.' });
    expect(response.json().data.interests.sort()).toEqual(['Braai', 'Coffee', 'Hiking']);
    const profile = (await call(alice, 'GET', '/profile')).json().data;
    expect(profile.interests.sort()).toEqual(['Braai', 'Coffee', 'Hiking']);
    expect(profile.completion.missing.map((m: { field: string }) => m.field)).not.toContain('interests');

    const replaced = await call(alice, 'PUT', '/profile/interests', { interests: ['Music'] });
    expect(replaced.json().data.interests).toEqual(['Music']);
    const none = await call(alice, 'PUT', '/profile/interests', { interests: [] });
    expect(none.json().data.interests).toEqual([]);
  });

  it('refuses unknown interests and more than the limit with 422', async () => {
    await call(alice, 'PUT', '/profile/interests', { interests: ['Music'] });
    const unknown = await call(alice, 'PUT', '/profile/interests', { interests: ['Music', 'Knitting on Mars'] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.interests).toBeDefined();
    const tooMany = await call(alice, 'PUT', '/profile/interests', { interests: INTEREST_CATALOGUE.slice(0, INTERESTS_MAX + 1) });
    expect(tooMany.statusCode).toBe(422);
    expect(Object.keys(tooMany.json().errors)[0]).toMatch(/^interests/);
    const notList = await call(alice, 'PUT', '/profile/interests', { interests: 'Music' });
    expect(notList.statusCode).toBe(422);
    const exactly = await call(alice, 'PUT', '/profile/interests', { interests: INTEREST_CATALOGUE.slice(0, INTERESTS_MAX) });
    expect(exactly.statusCode).toBe(200);
    expect(exactly.json().data.interests).toHaveLength(INTERESTS_MAX);
    // refused calls changed nothing
    expect((await call(alice, 'GET', '/profile')).json().data.interests).toHaveLength(INTERESTS_MAX);
  });

  it("one member's changes never touch another member", async () => {
    const dave = await buildMember(t.app, { name: 'Dave' });
    await call(dave, 'PUT', '/profile', { about: 'Dave here' });
    await call(dave, 'PUT', '/profile/interests', { interests: ['Rugby'] });
    const other = (await call(alice, 'GET', '/profile')).json().data;
    expect(other.about).not.toBe('Dave here');
    expect(other.interests).not.toContain('Rugby');
  });

  it('GET /auth/user carries avatar_url: null without photos', async () => {
    const response = await call(alice, 'GET', '/auth/user');
    const user = SessionUserSchema.parse(response.json().data.user);
    expect(user.avatar_url).toBeNull();
  });
});
