import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicProfileSchema, SAFETY_MESSAGES, type PublicProfile } from '@linkup/contract';
import { sql, type KyselyPlugin } from 'kysely';
import { buildTestApp, type TestApp } from './helpers/app';
import { type Member, api, buildBlock, buildLike, buildMatch, buildMember, buildPhoto, buildPrivacy, grantPremium } from './helpers/factories';
import { cityCell } from '../src/lib/geo';
import { nowIso } from '../src/lib/time';
import { MembersRepository } from '../src/modules/members/members.repository';
import { MembersService } from '../src/modules/members/members.service';
import { EntitlementsRepository } from '../src/modules/shared/entitlements.repository';
import { OnboardingGate } from '../src/modules/shared/onboarding-gate';
import { PrivacyRepository } from '../src/modules/shared/privacy.repository';
import { systemClock } from '../src/lib/clock';

describe('members API: another member’s profile', () => {
  let t: TestApp;
  let viewer: Member;
  let thandi: Member;
  let interestsInCatalogueOrder: string[] = [];
  const call = api(() => t.app);
  const view = (m: Member, id: string) => call(m, 'GET', `/users/${id}`);
  const visits = async (viewerId: string, viewedId: string) =>
    Number((await t.database.db.selectFrom('profile_visits').select(sql<number>`count(*)`.as('n'))
      .where('viewer_id', '=', viewerId).where('viewed_id', '=', viewedId).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    t = await buildTestApp();
    viewer = await buildMember(t.app, { name: 'Viewer Vee', city: 'Cape Town', province: 'Western Cape', location_cell: cityCell('Cape Town') });
    thandi = await buildMember(t.app, {
      name: 'Thandi Nkosi', date_of_birth: '1994-03-10', gender: 'female', city: 'Stellenbosch', province: 'Western Cape',
      location_cell: cityCell('Stellenbosch'), about: 'Wine farms and long hikes.', marital_status: 'single', body_type: 'athletic',
      relationship_type: 'long_term', how_often_drink: 'socially', love_language: 'quality_time', height_cm: 168,
      job_title: 'Architect', education: 'UCT', phone_number: '+27831234567', email: 'thandi.private@example.test',
    });
    await t.app.services.profile.setInterests(thandi.user.id, ['Hiking', 'Coffee']);
    const ids = await t.database.db.selectFrom('interests').select(['id', 'name']).where('name', 'in', ['Hiking', 'Coffee']).orderBy('id').execute();
    interestsInCatalogueOrder = ids.map((i) => i.name);
  });
  afterAll(async () => t.close());

  it('requires authentication', async () => {
    expect((await call(null, 'GET', `/users/${thandi.user.id}`)).statusCode).toBe(401);
  });

  it('shows what anyone may see: photos (main first), age, city, distance bucket, about, interests, dating details', async () => {
    const second = await buildPhoto(t.app, thandi.user, { position: 0, is_primary: false });
    const main = await buildPhoto(t.app, thandi.user, { position: 1, is_primary: true });
    const res = await view(viewer, thandi.user.id);
    expect(res.statusCode).toBe(200);
    const profile = PublicProfileSchema.parse(res.json().data);
    expect(profile).toMatchObject({
      id: thandi.user.id, name: 'Thandi Nkosi', gender: 'female', city: 'Stellenbosch', province: 'Western Cape',
      distance: 'Less than 50 km away', about: 'Wine farms and long hikes.', interests: interestsInCatalogueOrder,
      marital_status: 'single', body_type: 'athletic', relationship_type: 'long_term', how_often_drink: 'socially',
      love_language: 'quality_time', height_cm: 168, job_title: 'Architect', education: 'UCT', is_online: true,
    });
    const birthday = new Date(Date.UTC(new Date().getUTCFullYear(), 2, 10));
    expect(profile.age).toBe(new Date().getUTCFullYear() - 1994 - (new Date() < birthday ? 1 : 0));
    expect(profile.photos.map((p) => p.id)).toEqual([main, second]);
    expect(profile.photos[0]).toMatchObject({ is_primary: true, url: expect.stringMatching(/large\.webp$/) });
    expect(profile.photos[0]!.sizes.thumb).toMatch(/thumb\.webp$/);
    expect(profile.last_active_at).toBe(thandi.user.last_active_at);
  });

  it('never sends phone, e-mail, birth date or location', async () => {
    const res = await view(viewer, thandi.user.id);
    expect(Object.keys(res.json().data).sort()).toEqual(Object.keys(PublicProfileSchema.shape).sort());
    expect(PublicProfileSchema.parse(res.json().data).relation).toBeDefined();
    for (const secret of ['+27831234567', 'thandi.private@example.test', '1994-03-10', thandi.user.location_cell!, 'date_of_birth', 'location_cell', 'phone', 'email']) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('follows the member’s privacy: hidden age, distance and online state are null', async () => {
    const quiet = await buildMember(t.app, { location_cell: cityCell('Paarl'), last_active_at: nowIso() });
    await buildPrivacy(t.app, quiet.user, { show_age: false, show_distance: false, show_online: false });
    const profile = (await view(viewer, quiet.user.id)).json().data as PublicProfile;
    expect(profile).toMatchObject({ age: null, distance: null, last_active_at: null, is_online: null });
    await buildPrivacy(t.app, quiet.user, { show_age: true, show_distance: true, show_online: true });
    const open = (await view(viewer, quiet.user.id)).json().data as PublicProfile;
    expect(open.age).toEqual(expect.any(Number));
    expect(open.distance).toMatch(/km away$/);
    expect(open.is_online).toBe(true);
  });

  it('has no distance when either member has no location, and is offline after a while away', async () => {
    const away = await buildMember(t.app, { city: null, province: null, location_cell: null, last_active_at: new Date(Date.now() - 60 * 60 * 1000).toISOString() });
    const profile = (await view(viewer, away.user.id)).json().data as PublicProfile;
    expect(profile).toMatchObject({ distance: null, is_online: false });
  });

  it('records one visit per viewer, member and day; viewing myself records nothing', async () => {
    const member = await buildMember(t.app);
    expect(await visits(viewer.user.id, member.user.id)).toBe(0);
    await view(viewer, member.user.id);
    await view(viewer, member.user.id);
    await Promise.all([view(viewer, member.user.id), view(viewer, member.user.id)]);
    expect(await visits(viewer.user.id, member.user.id)).toBe(1);
    const visit = await t.database.db.selectFrom('profile_visits').selectAll().where('viewer_id', '=', viewer.user.id).where('viewed_id', '=', member.user.id).executeTakeFirstOrThrow();
    expect(visit.visit_date).toBe(new Date().toISOString().slice(0, 10));

    const mine = await view(member, member.user.id);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ id: member.user.id, distance: null });
    expect(await visits(member.user.id, member.user.id)).toBe(0);
  });

  it('says where the viewer stands: matched, liked me, accepts my messages (not on my own profile)', async () => {
    const relation = async (m: Member, id: string) => ((await view(m, id)).json().data as PublicProfile).relation;
    const ana = await buildMember(t.app, { name: 'Ana' });
    const ben = await buildMember(t.app, { name: 'Ben' });
    await grantPremium(t.database.db, ana.user);
    expect(await relation(ana, ben.user.id)).toEqual({ matched: false, liked_me: false, accepts_messages: true, verification_unlocks_messages: false });

    await buildPrivacy(t.app, ben.user, { message_policy: 'matches' });
    await buildLike(t.database.db, ben.user, ana.user, 'super_like');
    expect(await relation(ana, ben.user.id)).toEqual({ matched: false, liked_me: true, accepts_messages: false, verification_unlocks_messages: false });

    await buildMatch(t.database.db, ana.user, ben.user);
    expect(await relation(ana, ben.user.id)).toEqual({ matched: true, liked_me: true, accepts_messages: true, verification_unlocks_messages: false });
    expect(await relation(ana, ana.user.id)).toBeUndefined();
  });

  it('never tells a free member who liked them: People Who Like You is premium (issue #27 item 7)', async () => {
    const relation = async (m: Member, id: string) => ((await view(m, id)).json().data as PublicProfile).relation;
    const [free, liker, superLiker] = [await buildMember(t.app, { name: 'Free Viewer' }), await buildMember(t.app, { name: 'Liker' }), await buildMember(t.app, { name: 'Super Liker' })];
    await buildLike(t.database.db, liker.user, free.user);
    await buildLike(t.database.db, superLiker.user, free.user, 'super_like');
    const notLiker = await buildMember(t.app, { name: 'Not A Liker' });
    // The same answer whether they liked the free member or not.
    for (const m of [liker, superLiker, notLiker]) expect(await relation(free, m.user.id)).toEqual({ matched: false, liked_me: false, accepts_messages: true, verification_unlocks_messages: false });
    // People Who Like You stays locked for them, too.
    expect((await call(free, 'GET', '/matches/likes')).json().data).toMatchObject({ locked: true, items: [] });

    // Premium: the same profile says they liked them.
    await grantPremium(t.database.db, free.user);
    expect((await relation(free, liker.user.id))?.liked_me).toBe(true);
    expect((await relation(free, notLiker.user.id))?.liked_me).toBe(false);
  });

  it('shows other members only to a member who has finished onboarding (a view reaches them as a visit; issue #27 item 12)', async () => {
    const newcomer = await buildMember(t.app, { profile_completed: false, onboarding_completed_at: null });
    const member = await buildMember(t.app);
    const res = await view(newcomer, member.user.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, code: 'onboarding_required' });
    expect(await visits(newcomer.user.id, member.user.id)).toBe(0);
    const notices = await t.database.db.selectFrom('notifications').select('id').where('user_id', '=', member.user.id).execute();
    expect(notices).toEqual([]);
    // Their own profile is theirs to see while onboarding.
    expect((await view(newcomer, newcomer.user.id)).statusCode).toBe(200);
  });

  it('answers 404 alike for an unknown member, a deleted one, and one blocked either way', async () => {
    const gone = await buildMember(t.app);
    await t.database.db.deleteFrom('users').where('id', '=', gone.user.id).execute();
    const blockedByMe = await buildMember(t.app);
    const blockedMe = await buildMember(t.app);
    await buildBlock(t.app, viewer.user, blockedByMe.user);
    await buildBlock(t.app, blockedMe.user, viewer.user);
    for (const id of ['no-such-member', gone.user.id, blockedByMe.user.id, blockedMe.user.id]) {
      const res = await view(viewer, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe(SAFETY_MESSAGES.memberUnavailable);
    }
    // The other side sees the same.
    expect((await view(blockedByMe, viewer.user.id)).statusCode).toBe(404);
    expect(await visits(viewer.user.id, blockedByMe.user.id)).toBe(0);

    await t.app.services.safety.unblock(viewer.user.id, blockedByMe.user.id);
    expect((await view(viewer, blockedByMe.user.id)).statusCode).toBe(200);
  });

  it('refuses an id that is too long (422)', async () => {
    expect((await view(viewer, 'x'.repeat(65))).statusCode).toBe(422);
  });

  it('loads any number of profiles with the same four queries (the discover cards reuse it)', async () => {
    let queries = 0;
    const counter: KyselyPlugin = {
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const db = t.database.db.withPlugin(counter);
    const service = new MembersService(
      new MembersRepository(db, new PrivacyRepository(db)), t.app.deps.storage, systemClock, t.app.services.notifications,
      new EntitlementsRepository(db), new OnboardingGate(async () => undefined),
    );
    const members = await Promise.all(Array.from({ length: 8 }, (_, i) => buildMember(t.app, { name: `Card ${i}`, city: 'Durban', province: 'KwaZulu-Natal', location_cell: cityCell('Durban') })));
    for (const m of members) await buildPhoto(t.app, m.user);

    const one = await service.profiles(viewer.user.id, [members[0]!.user.id]);
    const forOne = queries;
    queries = 0;
    const many = await service.profiles(viewer.user.id, [...members.map((m) => m.user.id), 'unknown-id']);
    expect(forOne).toBe(4);
    expect(queries).toBe(4);
    expect(one.size).toBe(1);
    expect(many.size).toBe(8);
    expect(many.get(members[3]!.user.id)).toMatchObject({ name: 'Card 3', distance: 'More than 100 km away' });
    expect(many.get(members[3]!.user.id)!.photos).toHaveLength(1);
    expect((await service.profiles(viewer.user.id, [])).size).toBe(0);
  });
});
