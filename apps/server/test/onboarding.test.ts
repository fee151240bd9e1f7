import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONBOARDING_MESSAGES, OnboardingStatusSchema, SessionUserSchema } from '@linkup/contract';
import type { UserRow } from '../src/db/schema';
import { newId } from '../src/lib/ids';
import { buildTestApp, type TestApp } from './helpers/app';
import { type Member, api, buildMember, buildPhoto, buildPreferences } from './helpers/factories';

/** A member who has just registered: name, contact, birth date and gender only. */
const NEW_MEMBER: Partial<UserRow> = {
  about: null, relationship_type: null, city: null, province: null, location_cell: null,
  profile_completed: false, onboarding_completed_at: null,
};

describe('onboarding API', () => {
  let t: TestApp;
  const call = api(() => t.app);
  const status = async (m: Member) => OnboardingStatusSchema.parse((await call(m, 'GET', '/onboarding/status')).json().data);
  const doneSteps = async (m: Member) => (await status(m)).steps.filter((s) => s.done).map((s) => s.key);

  const addInterest = async (userId: string) => {
    const { id } = await t.database.db.insertInto('interests').values({ name: `Interest ${newId()}` }).returning('id').executeTakeFirstOrThrow();
    await t.database.db.insertInto('user_interests').values({ user_id: userId, interest_id: id }).execute();
  };
  const setProfile = (userId: string, values: Partial<Pick<UserRow, 'about' | 'gender' | 'relationship_type'>>) =>
    t.database.db.updateTable('users').set(values).where('id', '=', userId).execute();
  /** The required steps: a photo, gender and what they look for, saved preferences, a city. */
  const doRequiredSteps = async (m: Member) => {
    await buildPhoto(t.app, m.user, { width: 600, height: 800 });
    await setProfile(m.user.id, { gender: 'male', relationship_type: 'long_term' });
    expect((await call(m, 'PUT', '/preferences', { genders: ['female'] })).statusCode).toBe(200);
    expect((await call(m, 'POST', '/preferences/location', { city: 'Cape Town' })).statusCode).toBe(200);
  };

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('requires authentication on every endpoint', async () => {
    expect((await call(null, 'GET', '/onboarding/status')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/onboarding/complete')).statusCode).toBe(401);
  });

  it('shows a new member every step in order, none done but their gender, starting at photos', async () => {
    const member = await buildMember(t.app, NEW_MEMBER);
    const response = await call(member, 'GET', '/onboarding/status');
    expect(response.statusCode).toBe(200);
    const data = OnboardingStatusSchema.parse(response.json().data);
    expect(data.steps).toEqual([
      { key: 'photos', label: 'Photos', required: true, done: false },
      { key: 'about', label: 'About me', required: false, done: false },
      { key: 'basics', label: "Gender and what I'm looking for", required: true, done: false },
      { key: 'interests', label: 'Interests', required: false, done: false },
      { key: 'preferences', label: 'Dating preferences', required: true, done: false },
      { key: 'location', label: 'Location', required: true, done: false },
    ]);
    expect(data).toMatchObject({ next_step: 'photos', can_complete: false, completed: false, completed_at: null });
  });

  it('marks each step done from what the profile holds, and resumes at the first unfinished one', async () => {
    const member = await buildMember(t.app, NEW_MEMBER);
    await buildPhoto(t.app, member.user, { width: 600, height: 800 });
    expect(await doneSteps(member)).toEqual(['photos']);
    expect((await status(member)).next_step).toBe('about');

    await setProfile(member.user.id, { about: '   ' });
    expect(await doneSteps(member)).toEqual(['photos']);
    await setProfile(member.user.id, { about: 'Surfer, cook, bad at karaoke.' });
    expect((await status(member)).next_step).toBe('basics');

    await setProfile(member.user.id, { relationship_type: 'long_term' });
    expect(await doneSteps(member)).toEqual(['photos', 'about', 'basics']);

    await addInterest(member.user.id);
    await call(member, 'POST', '/preferences/dating', { age_max: 40 });
    expect((await status(member)).next_step).toBe('location');

    await call(member, 'POST', '/preferences/location', { city: 'Durban', province: 'KwaZulu-Natal' });
    const all = await status(member);
    expect(all.steps.every((s) => s.done)).toBe(true);
    expect(all).toMatchObject({ next_step: null, can_complete: true, completed: false });
  });

  it('refuses to finish with 422 listing the required steps still missing', async () => {
    const member = await buildMember(t.app, { ...NEW_MEMBER, gender: null });
    const response = await call(member, 'POST', '/onboarding/complete');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      success: false,
      status: 422,
      message: 'Please finish the remaining steps first.',
      errors: {
        photos: ['Add at least one photo.'],
        basics: ['Choose your gender and what you are looking for.'],
        preferences: ['Save your dating preferences.'],
        location: ['Set your city and province.'],
      },
    });
    expect(Object.keys(response.json().errors)).not.toContain('about');

    await buildPhoto(t.app, member.user, { width: 600, height: 800 });
    const still = await call(member, 'POST', '/onboarding/complete');
    expect(Object.keys(still.json().errors).sort()).toEqual(['basics', 'location', 'preferences']);
    const row = await t.database.db.selectFrom('users').select(['profile_completed', 'onboarding_completed_at']).where('id', '=', member.user.id).executeTakeFirstOrThrow();
    expect(Boolean(row.profile_completed)).toBe(false);
    expect(row.onboarding_completed_at).toBeNull();
  });

  it('finishes once the required steps are done (about and interests may wait) and answers like GET /auth/user', async () => {
    const member = await buildMember(t.app, NEW_MEMBER);
    await doRequiredSteps(member);
    expect((await status(member)).can_complete).toBe(true);

    const response = await call(member, 'POST', '/onboarding/complete');
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Welcome to LinkUp! Your profile is ready.');
    const user = SessionUserSchema.parse(response.json().data.user);
    expect(user).toMatchObject({ id: member.user.id, profile_completed: true });
    expect(user.onboarding_completed_at).not.toBeNull();
    expect(response.json().data).toEqual((await call(member, 'GET', '/auth/user')).json().data);
    expect(await status(member)).toMatchObject({ completed: true, completed_at: user.onboarding_completed_at });
  });

  it('is idempotent: finishing again keeps the first time, even after a photo was removed', async () => {
    const member = await buildMember(t.app, NEW_MEMBER);
    await doRequiredSteps(member);
    const first = (await call(member, 'POST', '/onboarding/complete')).json().data.user;
    expect(first.onboarding_completed_at).not.toBeNull();
    // As if it was finished a minute ago (the service stamps real time): a second stamp could not equal it.
    const aMinuteAgo = new Date(Date.parse(first.onboarding_completed_at) - 60_000).toISOString();
    await t.database.db.updateTable('users').set({ onboarding_completed_at: aMinuteAgo }).where('id', '=', member.user.id).execute();
    await t.database.db.deleteFrom('user_photos').where('user_id', '=', member.user.id).execute();
    const again = await call(member, 'POST', '/onboarding/complete');
    expect(again.statusCode).toBe(200);
    expect(again.json().data.user.onboarding_completed_at).toBe(aMinuteAgo);
  });

  it('keeps an earlier completion time when the profile is completed again', async () => {
    const earlier = '2026-01-02T03:04:05.000Z';
    const member = await buildMember(t.app, { ...NEW_MEMBER, onboarding_completed_at: earlier });
    expect((await call(member, 'POST', '/onboarding/complete')).statusCode).toBe(422);
    await doRequiredSteps(member);
    const response = await call(member, 'POST', '/onboarding/complete');
    expect(response.json().data.user).toMatchObject({ profile_completed: true, onboarding_completed_at: earlier });
  });

  it('shows each member only their own progress', async () => {
    const [a, b] = [await buildMember(t.app, NEW_MEMBER), await buildMember(t.app, NEW_MEMBER)];
    await doRequiredSteps(a);
    await call(a, 'POST', '/onboarding/complete');
    expect(await status(b)).toMatchObject({ completed: false, next_step: 'photos' });
  });

  it('refuses likes, super likes and messages until onboarding is complete (409 onboarding_required), then allows them', async () => {
    const member = await buildMember(t.app, NEW_MEMBER);
    const other = await buildMember(t.app);
    const refused = async (response: { statusCode: number; json: () => { code?: string; message?: string } }) => {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'onboarding_required', message: ONBOARDING_MESSAGES.required });
    };
    await refused(await call(member, 'POST', `/matches/${other.user.id}/like`));
    await refused(await call(member, 'POST', `/matches/${other.user.id}/super-like`));
    // Passing shows the member to nobody: allowed.
    expect((await call(member, 'POST', `/matches/${other.user.id}/pass`)).statusCode).toBe(200);
    // The other member opens a room (allowed: they are onboarded); the new member may not write in it yet.
    const room = await call(other, 'POST', '/chat/rooms', { user_id: member.user.id, name: 'Chat with you' });
    expect(room.statusCode).toBeLessThan(300);
    const roomId = room.json().data.id as string;
    await refused(await call(member, 'POST', '/chat/messages', { chat_room_id: roomId, message: 'Hi', type: 'text' }));

    await doRequiredSteps(member);
    expect((await call(member, 'POST', '/onboarding/complete')).statusCode).toBe(200);
    expect((await call(member, 'POST', '/chat/messages', { chat_room_id: roomId, message: 'Hi', type: 'text' })).statusCode).toBe(201);
    expect((await call(member, 'POST', `/matches/${other.user.id}/like`)).statusCode).toBe(200);
  });
  it('refuses every other action that reaches a member until onboarding is complete: a post like, publishing a post, a profile view (issue #27 item 12)', async () => {
    const member = await buildMember(t.app, NEW_MEMBER);
    const author = await buildMember(t.app);
    await buildPreferences(t.app, member.user, { age_max: 99, strict_fields: [] });
    const post = await call(author, 'POST', '/feed/my-post', { preferred_age_min: 18, preferred_age_max: 99 });
    expect(post.statusCode).toBe(201);
    const postId = post.json().data.post.id as string;
    const refused = async (response: { statusCode: number; json: () => { code?: string } }, what: string) => {
      expect(response.statusCode, what).toBe(409);
      expect(response.json().code, what).toBe('onboarding_required');
    };
    // Snapshot of what reaches the author, before the new member tries anything.
    const reached = async () => ({
      likes: (await t.database.db.selectFrom('feed_post_likes').select('user_id').where('post_id', '=', postId).execute()).length,
      visits: (await t.database.db.selectFrom('profile_visits').select('id').where('viewed_id', '=', author.user.id).execute()).length,
      inbox: (await t.database.db.selectFrom('notifications').select('id').where('user_id', '=', author.user.id).execute()).length,
    });
    const before = await reached();
    await refused(await call(member, 'POST', `/feed/posts/${postId}/like`), 'post like');
    await refused(await call(member, 'POST', '/feed/my-post', { preferred_age_min: 18, preferred_age_max: 99 }), 'publish');
    await refused(await call(member, 'GET', `/users/${author.user.id}`), 'profile view');
    expect(await reached()).toEqual(before);
    expect((await call(member, 'GET', '/feed/my-post')).json().data).toMatchObject({ has_post: false });

    // What protects the new member stays open while onboarding: block and report (DESIGN §6 Safety).
    expect((await call(member, 'POST', `/users/${author.user.id}/report`, { reason: 'scam_or_spam' })).statusCode).toBeLessThan(300);
    const stranger = await buildMember(t.app);
    expect((await call(member, 'POST', `/users/${stranger.user.id}/block`, {})).statusCode).toBeLessThan(300);
    // Their own things too: the feed, their profile.
    expect((await call(member, 'GET', '/feed')).statusCode).toBe(200);
    expect((await call(member, 'GET', `/users/${member.user.id}`)).statusCode).toBe(200);

    await doRequiredSteps(member);
    expect((await call(member, 'POST', '/onboarding/complete')).statusCode).toBe(200);
    expect((await call(member, 'POST', `/feed/posts/${postId}/like`)).statusCode).toBe(200);
    expect((await call(member, 'GET', `/users/${author.user.id}`)).statusCode).toBe(200);
    expect((await call(member, 'POST', '/feed/my-post', { preferred_age_min: 18, preferred_age_max: 99 })).statusCode).toBe(201);
  });
});
