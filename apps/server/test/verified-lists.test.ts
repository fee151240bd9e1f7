import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscoverPageSchema, FeedPageSchema, MatchSchema, type PreferenceFields } from '@linkup/contract';
import { cityCell } from '../src/lib/geo';
import { nowIso } from '../src/lib/time';
import { birthDateBounds } from '../src/modules/discover/discover-ranking';
import { buildTestApp, type TestApp } from './helpers/app';
import { type Member, api, buildMatch, buildOnboardedMember } from './helpers/factories';

/**
 * Issue 31 in the lists: `is_verified` on discover cards and matches, and the "Verified only"
 * filter of discover (both query paths: the ranked queue and the direct query). The badge is set
 * on the row here; how a member earns it is verification.test.ts (the face models).
 */
/** 28, in Polokwane, looking for the other gender (a dealbreaker) of any age. */
const POLOKWANE_28 = { city: 'Polokwane', province: 'Limpopo', location_cell: cityCell('Polokwane'), date_of_birth: birthDateBounds(28, 28).onOrBefore };
const seeking = (gender: 'female' | 'male'): PreferenceFields => ({ genders: [gender], age_max: 99, strict_fields: ['genders'] });

describe.each([['queue', 'true'], ['direct query', 'false']])('verified members in lists (discover %s)', (_, queue) => {
  let t: TestApp;
  const call = api(() => t.app);
  const get = async (m: Member, url: string) => {
    const response = await call(m, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  beforeAll(async () => {
    t = await buildTestApp({ DISCOVER_QUEUE: queue });
  }, 60_000);
  afterAll(async () => t?.close());

  it('marks verified members and filters discover to them on request', async () => {
    const verified = await buildOnboardedMember(t.app, { ...POLOKWANE_28, gender: 'female', verified_at: nowIso() }, seeking('male'));
    const plain = await buildOnboardedMember(t.app, { ...POLOKWANE_28, gender: 'female' }, seeking('male'));
    const seeker = await buildOnboardedMember(t.app, { ...POLOKWANE_28, gender: 'male' }, seeking('female'));

    const all = DiscoverPageSchema.parse(await get(seeker, '/matches/discover?per_page=50')).items;
    expect(all.find((c) => c.id === verified.user.id)?.is_verified).toBe(true);
    expect(all.find((c) => c.id === plain.user.id)?.is_verified).toBe(false);
    const only = DiscoverPageSchema.parse(await get(seeker, '/matches/discover?per_page=50&verified_only=true')).items.map((c) => c.id);
    expect(only).toContain(verified.user.id);
    expect(only).not.toContain(plain.user.id);
    expect((await call(seeker, 'GET', '/matches/discover?verified_only=yes')).statusCode).toBe(422);

    await buildMatch(t.database.db, seeker.user, verified.user);
    const matches = (await get(seeker, '/matches')).items.map((m: unknown) => MatchSchema.parse(m));
    expect(matches.find((m: { user: { id: string } }) => m.user.id === verified.user.id)?.user.is_verified).toBe(true);
    // The feed's filter parses (posts need preferences and a post each: feed.test.ts covers the walk).
    FeedPageSchema.parse(await get(seeker, '/feed?verifiedOnly=true'));
  });
});
