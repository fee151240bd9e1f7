import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscoverPageSchema, FeedPageSchema, MatchSchema } from '@linkup/contract';
import type { UserRow } from '../src/db/schema';
import { cityCell } from '../src/lib/geo';
import { nowIso } from '../src/lib/time';
import { birthDateBounds } from '../src/modules/discover/discover-ranking';
import { buildTestApp, type TestApp } from './helpers/app';
import { bearer, buildMatch, buildUser, signIn } from './helpers/factories';

interface Member { user: UserRow; token: string }

/**
 * Issue 31 in the lists: `is_verified` on discover cards and matches, and the "Verified only"
 * filter of discover (both query paths: the ranked queue and the direct query). The badge is set
 * on the row here; how a member earns it is verification.test.ts (the face models).
 */
describe.each([['queue', 'true'], ['direct query', 'false']])('verified members in lists (discover %s)', (_, queue) => {
  let t: TestApp;
  const make = async (overrides: Partial<UserRow>): Promise<Member> => {
    const user = await buildUser(t.database.db, {
      city: 'Polokwane', province: 'Limpopo', location_cell: cityCell('Polokwane'), date_of_birth: birthDateBounds(28, 28).onOrBefore, ...overrides,
    });
    await t.database.db.insertInto('user_preferences').values({
      user_id: user.id, genders: JSON.stringify([overrides.gender === 'male' ? 'female' : 'male']), age_min: 18, age_max: 99,
      strict_fields: JSON.stringify(['genders']), created_at: nowIso(), updated_at: nowIso(),
    }).execute();
    return { user, token: await signIn(t.app, user) };
  };
  const get = async (m: Member, url: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(m.token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  beforeAll(async () => {
    t = await buildTestApp({ DISCOVER_QUEUE: queue });
  }, 60_000);
  afterAll(async () => t?.close());

  it('marks verified members and filters discover to them on request', async () => {
    const verified = await make({ gender: 'female', verified_at: nowIso() });
    const plain = await make({ gender: 'female' });
    const seeker = await make({ gender: 'male' });

    const all = DiscoverPageSchema.parse(await get(seeker, '/matches/discover?per_page=50')).items;
    expect(all.find((c) => c.id === verified.user.id)?.is_verified).toBe(true);
    expect(all.find((c) => c.id === plain.user.id)?.is_verified).toBe(false);
    const only = DiscoverPageSchema.parse(await get(seeker, '/matches/discover?per_page=50&verified_only=true')).items.map((c) => c.id);
    expect(only).toContain(verified.user.id);
    expect(only).not.toContain(plain.user.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/matches/discover?verified_only=yes', headers: bearer(seeker.token) })).statusCode).toBe(422);

    await buildMatch(t.database.db, seeker.user, verified.user);
    const matches = (await get(seeker, '/matches')).items.map((m: unknown) => MatchSchema.parse(m));
    expect(matches.find((m: { user: { id: string } }) => m.user.id === verified.user.id)?.user.is_verified).toBe(true);
    // The feed's filter parses (posts need preferences and a post each: feed.test.ts covers the walk).
    FeedPageSchema.parse(await get(seeker, '/feed?verifiedOnly=true'));
  });
});
