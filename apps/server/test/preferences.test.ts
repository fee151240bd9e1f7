import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGE_LIMITS, BODY_TYPES, DRINKING_HABITS, GENDERS, LOVE_LANGUAGES, MARITAL_STATUSES, PROVINCES, PreferenceOptionsSchema,
  PreferencesCompletionSchema, PreferencesSchema, RELATIONSHIP_TYPES,
} from '@linkup/contract';
import { cityCell } from '../src/lib/geo';
import { buildTestApp, type TestApp } from './helpers/app';
import { type Member, api, buildMember } from './helpers/factories';
import { SERVER_START_MS, startServerProcess } from './helpers/server-process';
import { makeDataDir, removeDataDir } from './helpers/isolation';

describe('preferences API', () => {
  let t: TestApp;
  let alice: Member;
  const call = api(() => t.app);
  const userRow = (id: string) => t.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await buildTestApp();
    alice = await buildMember(t.app, { name: 'Alice Zulu' });
  });
  afterAll(async () => t.close());

  it('requires authentication on every endpoint', async () => {
    for (const [method, url] of [['GET', '/preferences'], ['PUT', '/preferences'], ['POST', '/preferences/dating'], ['POST', '/preferences/location'],
      ['GET', '/preferences/completion-status'], ['DELETE', '/preferences/reset'], ['GET', '/preferences/options']] as const) {
      const response = await call(null, method, url, method === 'PUT' || method === 'POST' ? {} : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toMatchObject({ success: false, status: 401 });
    }
  });

  it('answers the defaults to a member who never saved preferences: 18–35, any gender, any distance', async () => {
    const response = await call(alice, 'GET', '/preferences');
    expect(response.statusCode).toBe(200);
    const prefs = PreferencesSchema.parse(response.json().data);
    expect(prefs).toEqual({
      genders: [], age_min: 18, age_max: 35, max_distance_km: null, city: null, province: null,
      body_types: [], drinking: [], love_languages: [], marital_statuses: [], relationship_types: [],
      strict_fields: ['genders', 'age'], is_default: true, location: { city: 'Cape Town', province: 'Western Cape' }, updated_at: null,
    });
    const nowhere = await buildMember(t.app, { city: null, province: null });
    expect((await call(nowhere, 'GET', '/preferences')).json().data.location).toBeNull();
  });

  it('lists every choice the forms need, with labels', async () => {
    const response = await call(alice, 'GET', '/preferences/options');
    expect(response.statusCode).toBe(200);
    const options = PreferenceOptionsSchema.parse(response.json().data);
    expect(options.genders.map((o) => o.value)).toEqual([...GENDERS]);
    expect(options.genders.find((o) => o.value === 'non_binary')?.label).toBe('Non-binary');
    expect(options.body_types.map((o) => o.value)).toEqual([...BODY_TYPES]);
    expect(options.relationship_types.map((o) => o.value)).toEqual([...RELATIONSHIP_TYPES]);
    expect(options.relationship_types.find((o) => o.value === 'long_term')?.label).toBe('Long term');
    expect(options.drinking.map((o) => o.value)).toEqual([...DRINKING_HABITS]);
    expect(options.love_languages.map((o) => o.value)).toEqual([...LOVE_LANGUAGES]);
    expect(options.marital_statuses.map((o) => o.value)).toEqual([...MARITAL_STATUSES]);
    expect(options.provinces.map((p) => p.value)).toEqual(Object.keys(PROVINCES));
    expect(options.provinces.find((p) => p.value === 'Western Cape')?.cities.map((c) => c.value)).toContain('Cape Town');
    expect(options.age).toEqual({ min: AGE_LIMITS.min, max: AGE_LIMITS.max, default_min: 18, default_max: 35 });
    expect(options.distances.map((d) => d.value)).toEqual([5, 10, 25, 50, 100, null]);
    expect(options.distances.at(-1)?.label).toBe('Any distance');
    expect(options.strict_fields.map((f) => f.value)).toContain('body_types');
  });

  it('replaces everything with PUT; fields left out return to their defaults', async () => {
    const member = await buildMember(t.app);
    const full = {
      genders: ['male', 'non_binary'], age_min: 25, age_max: 40, max_distance_km: 50, city: 'Durban', province: 'KwaZulu-Natal',
      body_types: ['athletic', 'slim'], drinking: ['never'], love_languages: ['quality_time'], marital_statuses: ['single', 'divorced'],
      relationship_types: ['long_term', 'marriage'], strict_fields: ['genders', 'distance', 'drinking'],
    };
    const put = await call(member, 'PUT', '/preferences', full);
    expect(put.statusCode).toBe(200);
    expect(put.json().message).toBe('Your dating preferences have been saved.');
    const saved = PreferencesSchema.parse(put.json().data);
    expect(saved).toMatchObject({ ...full, is_default: false });
    expect(saved.updated_at).not.toBeNull();
    expect(PreferencesSchema.parse((await call(member, 'GET', '/preferences')).json().data)).toEqual(saved);

    const replaced = PreferencesSchema.parse((await call(member, 'PUT', '/preferences', { genders: ['female'], age_min: 30, age_max: 45 })).json().data);
    expect(replaced).toMatchObject({
      genders: ['female'], age_min: 30, age_max: 45, max_distance_km: null, city: null, province: null,
      body_types: [], drinking: [], relationship_types: [], strict_fields: ['genders', 'age'], is_default: false,
    });
  });

  it('drops duplicates and derives the province of a city sent alone', async () => {
    const member = await buildMember(t.app);
    const saved = (await call(member, 'PUT', '/preferences', { genders: ['female', 'female'], city: 'Sandton' })).json().data;
    expect(saved).toMatchObject({ genders: ['female'], city: 'Sandton', province: 'Gauteng' });
  });

  it('changes only the fields sent with POST /preferences/dating', async () => {
    const member = await buildMember(t.app);
    await call(member, 'PUT', '/preferences', { genders: ['male'], age_min: 22, age_max: 30, drinking: ['socially'], city: 'Cape Town', province: 'Western Cape' });
    const response = await call(member, 'POST', '/preferences/dating', { age_max: 38, body_types: ['curvy'], strict_fields: ['body_types'] });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      genders: ['male'], age_min: 22, age_max: 38, drinking: ['socially'], body_types: ['curvy'], strict_fields: ['body_types'],
      city: 'Cape Town', province: 'Western Cape',
    });
    // A new province without a city drops the city it does not contain.
    const moved = (await call(member, 'POST', '/preferences/dating', { province: 'Gauteng' })).json().data;
    expect(moved).toMatchObject({ city: null, province: 'Gauteng' });
    // An empty body changes nothing (and creates the row for a member who had none).
    const fresh = await buildMember(t.app);
    expect((await call(fresh, 'POST', '/preferences/dating', {})).json().data).toMatchObject({ age_min: 18, age_max: 35, is_default: false });
  });

  it('checks the age range against the stored value on a partial update', async () => {
    const member = await buildMember(t.app);
    await call(member, 'PUT', '/preferences', { age_min: 30, age_max: 40 });
    const response = await call(member, 'POST', '/preferences/dating', { age_max: 25 });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ age_max: ['The maximum age must not be below the minimum age.'] });
    expect((await call(member, 'GET', '/preferences')).json().data).toMatchObject({ age_min: 30, age_max: 40 });
  });

  it('refuses values outside the vocabularies and limits with 422 field errors', async () => {
    const cases: [object, string, string][] = [
      [{ genders: ['robot'] }, 'genders', 'Choose from the list.'],
      [{ genders: 'female' }, 'genders', 'Choose from the list.'],
      [{ body_types: ['tall'] }, 'body_types', 'Choose from the list.'],
      [{ drinking: ['always'] }, 'drinking', 'Choose from the list.'],
      [{ love_languages: ['money'] }, 'love_languages', 'Choose from the list.'],
      [{ marital_statuses: ['married'] }, 'marital_statuses', 'Choose from the list.'],
      [{ relationship_types: ['fling'] }, 'relationship_types', 'Choose from the list.'],
      [{ strict_fields: ['height'] }, 'strict_fields', 'Choose from the list.'],
      [{ age_min: 17 }, 'age_min', 'Choose an age from 18 to 99.'],
      [{ age_max: 120 }, 'age_max', 'Choose an age from 18 to 99.'],
      [{ age_min: 20.5 }, 'age_min', 'Choose an age from 18 to 99.'],
      [{ age_min: '20' }, 'age_min', 'Choose an age from 18 to 99.'],
      [{ age_min: 40, age_max: 30 }, 'age_max', 'The maximum age must not be below the minimum age.'],
      [{ max_distance_km: 7 }, 'max_distance_km', 'Choose a distance from the list.'],
      [{ city: 'Atlantis' }, 'city', 'Choose a city from the list.'],
      [{ province: 'Narnia' }, 'province', 'Choose a province from the list.'],
      [{ city: 'Durban', province: 'Gauteng' }, 'city', 'Choose a city in the chosen province.'],
    ];
    for (const [body, field, message] of cases) {
      for (const [method, url] of [['PUT', '/preferences'], ['POST', '/preferences/dating']] as const) {
        const response = await call(alice, method, url, body);
        expect(response.statusCode, `${method} ${JSON.stringify(body)}`).toBe(422);
        expect(response.json().errors?.[field], `${method} ${JSON.stringify(body)}`).toEqual([message]);
      }
    }
    expect((await call(alice, 'GET', '/preferences')).json().data.is_default).toBe(true);
  });

  it('resets to the defaults', async () => {
    const member = await buildMember(t.app);
    await call(member, 'PUT', '/preferences', { genders: ['male'], age_min: 40, age_max: 60, max_distance_km: 10 });
    const response = await call(member, 'DELETE', '/preferences/reset');
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Your dating preferences are back to the defaults.');
    expect(response.json().data).toMatchObject({ genders: [], age_min: 18, age_max: 35, max_distance_km: null, is_default: true });
    expect((await call(member, 'GET', '/preferences')).json().data).toMatchObject({ age_min: 18, age_max: 35, is_default: true });
    // Resetting twice is fine.
    expect((await call(member, 'DELETE', '/preferences/reset')).statusCode).toBe(200);
  });

  it('keeps each member’s preferences to themselves', async () => {
    const [a, b] = [await buildMember(t.app), await buildMember(t.app)];
    await call(a, 'PUT', '/preferences', { genders: ['male'], age_min: 50, age_max: 60 });
    expect((await call(b, 'GET', '/preferences')).json().data).toMatchObject({ genders: [], is_default: true });
    await call(b, 'DELETE', '/preferences/reset');
    expect((await call(a, 'GET', '/preferences')).json().data).toMatchObject({ age_min: 50 });
  });

  it('sets the location from the list: city, province and the city’s cell', async () => {
    const member = await buildMember(t.app, { city: null, province: null });
    const response = await call(member, 'POST', '/preferences/location', { city: 'Stellenbosch', province: 'Western Cape' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, data: { city: 'Stellenbosch', province: 'Western Cape' }, message: 'Your location has been updated.' });
    const row = await userRow(member.user.id);
    expect(row).toMatchObject({ city: 'Stellenbosch', province: 'Western Cape', location_cell: cityCell('Stellenbosch') });
    expect((await call(member, 'GET', '/preferences')).json().data.location).toEqual({ city: 'Stellenbosch', province: 'Western Cape' });
    // The province may be left out: the city says it.
    expect((await call(member, 'POST', '/preferences/location', { city: 'Polokwane' })).json().data).toEqual({ city: 'Polokwane', province: 'Limpopo' });
  });

  it('turns a shared position into the nearest city and that city’s cell, and never echoes or stores the coordinates', async () => {
    const member = await buildMember(t.app, { city: null, province: null });
    const position = { latitude: -33.79873, longitude: 18.49329 }; // Cape Town's northern suburbs
    const response = await call(member, 'POST', '/preferences/location', position);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ city: 'Cape Town', province: 'Western Cape' });
    expect(response.body).not.toContain('33.9');
    expect(response.body).not.toContain('18.4');
    const row = await userRow(member.user.id);
    expect(row.city).toBe('Cape Town');
    expect(row.location_cell).toBe(cityCell('Cape Town'));
    expect(JSON.stringify(row)).not.toMatch(/33\.79|18\.49/);
    // Nothing else the member can read carries them either.
    for (const url of ['/preferences', '/preferences/completion-status', '/auth/user']) {
      expect((await call(member, 'GET', url)).body, url).not.toMatch(/33\.79|18\.49/);
    }
  });

  it('refuses a bad location with 422', async () => {
    const cases: [object, string][] = [
      [{}, 'city'],
      [{ province: 'Gauteng' }, 'city'],
      [{ city: 'Atlantis' }, 'city'],
      [{ city: 'Durban', province: 'Gauteng' }, 'city'],
      [{ city: 'Durban', province: 'Narnia' }, 'province'],
      [{ latitude: -33.9 }, 'longitude'],
      [{ longitude: 18.4 }, 'latitude'],
      [{ latitude: 91, longitude: 18.4 }, 'latitude'],
      [{ latitude: -33.9, longitude: 181 }, 'longitude'],
      [{ latitude: '-33.9', longitude: '18.4' }, 'latitude'],
      [{ latitude: 51.5072, longitude: -0.1276 }, 'location'], // London: no LinkUp city near
    ];
    for (const [body, field] of cases) {
      const response = await call(alice, 'POST', '/preferences/location', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().errors ?? {}), JSON.stringify(body)).toContain(field);
      expect(response.body).not.toContain('51.5072');
    }
  });

  it('reports what the preferences still miss', async () => {
    const member = await buildMember(t.app, { city: null, province: null });
    let response = await call(member, 'GET', '/preferences/completion-status');
    expect(response.statusCode).toBe(200);
    expect(PreferencesCompletionSchema.parse(response.json().data)).toEqual({
      completed: false,
      percentage: 0,
      missing: [
        { key: 'genders', label: 'Choose who you would like to meet' },
        { key: 'age', label: 'Save the age range you are looking for' },
        { key: 'location', label: 'Set your city and province' },
      ],
    });
    await call(member, 'PUT', '/preferences', { age_min: 20, age_max: 30 });
    response = await call(member, 'GET', '/preferences/completion-status');
    expect(response.json().data).toMatchObject({ completed: false, percentage: 33 });
    await call(member, 'POST', '/preferences/dating', { genders: ['female'] });
    await call(member, 'POST', '/preferences/location', { city: 'Durban' });
    expect((await call(member, 'GET', '/preferences/completion-status')).json().data).toEqual({ completed: true, percentage: 100, missing: [] });
  });
});

describe('location privacy in the server log', () => {
  it('logs no request body, even at trace level', { timeout: SERVER_START_MS + 30_000 }, async () => {
    const dataDir = makeDataDir();
    const server = await startServerProcess({ LOG_LEVEL: 'trace', DATA_DIR: dataDir });
    try {
      const register = await fetch(`${server.origin}/api/auth/register`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Log Test', email: `log.${Date.now()}@example.test`, mobile: '+27845550101', password: 'sunset-table-mountain-7',
          password_confirmation: 'sunset-table-mountain-7', date_of_birth: '1994-02-03', gender: 'male', terms_accepted: true,
        }),
      });
      expect(register.status).toBe(201);
      const { data } = (await register.json()) as { data: { token: string } };
      const located = await fetch(`${server.origin}/api/preferences/location`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${data.token}` },
        body: JSON.stringify({ latitude: -26.107567, longitude: 28.056702 }),
      });
      expect(located.status).toBe(200);
      expect(await located.json()).toMatchObject({ data: { city: 'Sandton', province: 'Gauteng' } });
      // The request's last log line: everything it logged is written by then.
      const requestId = located.headers.get('x-request-id')!;
      await server.waitForOutput(new RegExp(`"reqId":"${requestId}"[^\\n]*"request completed"|"request completed"[^\\n]*"reqId":"${requestId}"`));
      expect(server.output()).toContain('/api/preferences/location');
      expect(server.output()).not.toMatch(/26\.1075|28\.0567/);
    } finally {
      await server.stop();
      removeDataDir(dataDir);
    }
  });
});
