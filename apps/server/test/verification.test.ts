import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiErrorSchema, PublicProfileSchema, QueueItemSchema, VerificationChallengeSchema, VerificationResultSchema, VerificationReviewSchema,
  VerificationStateSchema, type VerificationPose,
} from '@linkup/contract';
import { sharedFaceAnalyzer } from '../src/adapters/faces/face-analyzer';
import type { UserRow } from '../src/db/schema';
import { ManualClock, buildTestApp, type TestApp } from './helpers/app';
import { bearer, buildModerator, buildUser, signIn } from './helpers/factories';
import { multipart } from './helpers/multipart';
import { until } from './helpers/sockets';

/**
 * Photo verification (issue 31) with the real face models on the fixture images
 * (test/fixtures/faces). The models load once for the file (one worker per process); each test
 * has its own app and database, so kept selfie hashes never meet another test's.
 */
const FACES = path.join(import.meta.dirname, 'fixtures/faces');
const face = (name: string) => fs.readFileSync(path.join(FACES, `${name}.jpg`));

interface Member { user: UserRow; token: string }

describe('photo verification API', { timeout: 120_000 }, () => {
  let t: TestApp;
  let clock: ManualClock;
  afterEach(async () => t?.close());

  const start = async (poses: VerificationPose[] = ['turn_left', 'mouth_open']) => {
    clock = new ManualClock(new Date());
    // The models take seconds on a busy 2-core machine: no load shedding while a test waits for them.
    t = await buildTestApp({ TEST_ONLY_VERIFICATION_POSES: poses.join(','), MAX_EVENT_LOOP_DELAY_MS: '0' }, { clock });
  };
  const member = async (mainPhoto?: string): Promise<Member> => {
    const user = await buildUser(t.database.db);
    const m = { user, token: await signIn(t.app, user) };
    if (mainPhoto) await uploadPhoto(m, mainPhoto);
    return m;
  };
  const uploadPhoto = async (m: Member, name: string): Promise<string> => {
    const body = multipart([{ name: 'photo', filename: `${name}.jpg`, contentType: 'image/jpeg', data: face(name) }]);
    const response = await t.app.inject({ method: 'POST', url: '/api/profile/photos', payload: body.payload, headers: { ...body.headers, ...bearer(m.token) } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as string;
  };
  const get = (m: Member | null, url: string) => t.app.inject({ method: 'GET', url: `/api${url}`, ...(m ? { headers: bearer(m.token) } : {}) });
  const post = (m: Member, url: string, payload?: object) => t.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(m.token), ...(payload ? { payload } : {}) });
  const challenge = async (m: Member) => {
    const response = await post(m, '/verification/challenge');
    expect(response.statusCode, response.body).toBe(201);
    return VerificationChallengeSchema.parse(response.json().data);
  };
  const sendSelfies = (m: Member, challengeId: string, names: string[], type = 'image/jpeg') => {
    const body = multipart([
      { name: 'challenge_id', data: challengeId },
      ...names.map((name, i) => ({ name: `selfie_${i}`, filename: `${name}.jpg`, contentType: type, data: face(name) })),
    ]);
    return t.app.inject({ method: 'POST', url: '/api/verification/selfie', payload: body.payload, headers: { ...body.headers, ...bearer(m.token) } });
  };
  const verify = async (m: Member, names: string[]) => {
    const { challenge_id: id } = await challenge(m);
    const response = await sendSelfies(m, id, names);
    expect(response.statusCode, response.body).toBe(200);
    return VerificationResultSchema.parse(response.json().data);
  };
  const state = async (m: Member) => VerificationStateSchema.parse((await get(m, '/verification')).json().data);
  const selfieFiles = () => {
    const dir = path.join(t.app.deps.config.dataDir, 'verification');
    return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.jpg')) : [];
  };

  it('requires authentication', async () => {
    await start();
    expect((await get(null, '/verification')).statusCode).toBe(401);
  });

  it('verifies the same person holding the poses asked, keeps no selfie, and shows the badge on the profile', async () => {
    await start(['turn_left', 'mouth_open']);
    const a = await member('a-profile');
    expect(await state(a)).toEqual({ status: 'none', verified_at: null, attempts_left_today: 5, reasons: [] });
    const { poses, expires_at: expiresAt } = await challenge(a);
    expect(poses).toEqual(['turn_left', 'mouth_open']);
    expect(Date.parse(expiresAt) - clock.now().getTime()).toBe(5 * 60_000);

    expect(await verify(a, ['a-turn-left', 'a-mouth-open'])).toEqual({ status: 'verified', reasons: [] });
    expect(await state(a)).toMatchObject({ status: 'verified', attempts_left_today: 4 });
    expect(selfieFiles()).toEqual([]);

    const viewer = await member();
    const profile = PublicProfileSchema.parse((await get(viewer, `/users/${a.user.id}`)).json().data);
    expect(profile.is_verified).toBe(true);
    expect(PublicProfileSchema.parse((await get(a, `/users/${viewer.user.id}`)).json().data).is_verified).toBe(false);
    expect((await post(a, '/verification/challenge')).json().code).toBe('already_verified');

    // The export lists what is kept: the decision and its time, the hashes, that a template is kept.
    const exported = (await get(a, '/account/export')).json();
    expect(exported.verification).toMatchObject({ decisions: [{ status: 'verified', reasons: [] }], perceptual_hashes_kept: 2, face_template_kept: true });
  });

  it('answers 503 "unavailable" when the models fail (the worker died), counting no attempt; the next try verifies', async () => {
    await start();
    const a = await member('a-profile');
    const { challenge_id: id } = await challenge(a);
    // What the analyzer rejects with when its worker thread exits mid-analysis.
    const spy = vi.spyOn(sharedFaceAnalyzer(), 'analyze').mockRejectedValueOnce(new Error('face worker exited (1)'));
    try {
      const failed = await sendSelfies(a, id, ['a-turn-left', 'a-mouth-open']);
      expect(failed.statusCode, failed.body).toBe(503);
      expect(ApiErrorSchema.parse(failed.json()).code).toBe('unavailable');
    } finally {
      spy.mockRestore();
    }
    expect(await state(a)).toMatchObject({ status: 'none', attempts_left_today: 5 });
    expect(await verify(a, ['a-turn-left', 'a-mouth-open'])).toEqual({ status: 'verified', reasons: [] });
  });

  it('rejects another person’s selfie (face_mismatch), a group (several_faces) and no face (no_face)', async () => {
    await start(['smile', 'mouth_open']);
    const a = await member('a-profile');
    expect(await verify(a, ['b-smile-mouth-open', 'b-smile-mouth-open'])).toEqual({ status: 'rejected', reasons: ['face_mismatch'] });
    expect(await state(a)).toMatchObject({ status: 'rejected', reasons: ['face_mismatch'] });
    expect((await verify(a, ['group', 'a-mouth-open'])).reasons).toContain('several_faces');
    expect((await verify(a, ['no-face', 'a-mouth-open'])).reasons).toContain('no_face');
    expect(selfieFiles()).toEqual([]);
  });

  it('refuses the same selfie from a second account as a duplicate', async () => {
    await start(['turn_left', 'mouth_open']);
    const first = await member('a-profile');
    expect((await verify(first, ['a-turn-left', 'a-mouth-open'])).status).toBe('verified');
    const second = await member('a-profile-2');
    expect(await verify(second, ['a-turn-left', 'a-mouth-open'])).toEqual({ status: 'rejected', reasons: ['duplicate_selfie'] });
  });

  it('rejects an expired challenge, counts every attempt, and refuses the sixth of the day', async () => {
    await start();
    const a = await member('a-profile');
    for (let i = 0; i < 5; i++) {
      const { challenge_id: id } = await challenge(a);
      clock.set(new Date(clock.now().getTime() + 5 * 60_000 + 1).toISOString());
      const response = await sendSelfies(a, id, ['a-turn-left', 'a-mouth-open']);
      expect(VerificationResultSchema.parse(response.json().data)).toEqual({ status: 'rejected', reasons: ['challenge_expired'] });
    }
    expect(await state(a)).toMatchObject({ status: 'rejected', attempts_left_today: 0, reasons: ['challenge_expired'] });
    const { challenge_id: id } = await challenge(a);
    const refused = await sendSelfies(a, id, ['a-turn-left', 'a-mouth-open']);
    expect(refused.statusCode).toBe(429);
    const error = ApiErrorSchema.parse(refused.json());
    expect(error.code).toBe('verification_limit');
    expect(error.details?.resets_at).toBeTruthy();
  });

  it('counts attempts atomically: 8 sent at once leave exactly 5 counted and 3 refused (429)', async () => {
    await start();
    const a = await member('a-profile');
    const { challenge_id: id } = await challenge(a);
    clock.set(new Date(clock.now().getTime() + 5 * 60_000 + 1).toISOString()); // expired: no model runs
    const answers = await Promise.all(Array.from({ length: 8 }, () => sendSelfies(a, id, ['a-turn-left', 'a-mouth-open'])));
    const statuses = answers.map((r) => r.statusCode).sort();
    // One uses the challenge (200, challenge_expired), four more were counted and find it used (404).
    expect(statuses).toEqual([200, 404, 404, 404, 404, 429, 429, 429]);
  });

  it('answers 404 for another member’s or a used challenge, 409 without a main photo, 422 for bad uploads', async () => {
    await start();
    const a = await member('a-profile');
    const b = await member('b-profile');
    expect((await post(await member(), '/verification/challenge')).json()).toMatchObject({ status: 409, code: 'verification_photo_required' });
    const { challenge_id: id } = await challenge(a);
    expect((await sendSelfies(b, id, ['a-turn-left', 'a-mouth-open'])).statusCode).toBe(404);
    expect((await sendSelfies(a, id, ['a-turn-left'])).json()).toMatchObject({ status: 422, code: 'validation_failed' });
    // The challenge was used by that attempt: once only.
    expect((await sendSelfies(a, id, ['a-turn-left', 'a-mouth-open'])).statusCode).toBe(404);
    const next = await challenge(a);
    expect((await sendSelfies(a, next.challenge_id, ['a-turn-left', 'a-mouth-open'], 'application/pdf')).json()).toMatchObject({ status: 422 });
    const noId = multipart([{ name: 'selfie', filename: 'x.jpg', contentType: 'image/jpeg', data: face('a-turn-left') }]);
    const response = await t.app.inject({ method: 'POST', url: '/api/verification/selfie', payload: noId.payload, headers: { ...noId.headers, ...bearer(a.token) } });
    expect(response.json()).toMatchObject({ status: 422, code: 'validation_failed' });
  });

  it('sends a borderline selfie to the moderators, who see it beside the profile photos; their decision deletes the selfies', async () => {
    await start(['smile', 'mouth_open']);
    const a = await member('a-profile');
    // A faint smile (happy 0.41) is neither clearly a smile nor clearly not.
    expect(await verify(a, ['a-profile-2', 'a-mouth-open'])).toEqual({ status: 'pending_review', reasons: [] });
    expect(await state(a)).toMatchObject({ status: 'pending_review' });
    expect(selfieFiles()).toHaveLength(2);
    expect((await post(a, '/verification/challenge')).json().code).toBe('verification_pending');

    const moderator = await buildModerator(t.database.db);
    const mod = { user: moderator, token: await signIn(t.app, moderator) };
    const queue = (await get(mod, '/moderation/queue?kind=verification')).json().data.items.map((i: unknown) => QueueItemSchema.parse(i));
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({ kind: 'verification', subject: { id: a.user.id } });
    expect((await get(a, `/moderation/verifications/${queue[0].id}`)).statusCode).toBe(404);
    const review = VerificationReviewSchema.parse((await get(mod, `/moderation/verifications/${queue[0].id}`)).json().data);
    expect(review.selfies.map((s) => s.pose)).toEqual(['smile', 'mouth_open']);
    expect(review.selfies.every((s) => s.image?.startsWith('data:image/jpeg;base64,'))).toBe(true);
    expect(review.profile_photos).toHaveLength(1);

    const decided = await post(mod, `/moderation/verifications/${review.id}/decision`, { outcome: 'approve' });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(VerificationReviewSchema.parse(decided.json().data)).toMatchObject({ status: 'closed', decision: 'approve', selfies: [{ image: null }, { image: null }] });
    expect(selfieFiles()).toEqual([]);
    expect(await state(a)).toMatchObject({ status: 'verified' });
    expect((await post(mod, `/moderation/verifications/${review.id}/decision`, { outcome: 'reject', reason: 'face_mismatch' })).statusCode).toBe(409);
  });

  it('a moderator’s rejection tells the member why', async () => {
    await start(['smile', 'mouth_open']);
    const a = await member('a-profile');
    expect((await verify(a, ['a-profile-2', 'a-mouth-open'])).status).toBe('pending_review');
    const moderator = await buildModerator(t.database.db);
    const mod = { user: moderator, token: await signIn(t.app, moderator) };
    const [item] = (await get(mod, '/moderation/queue?kind=verification')).json().data.items as { id: string }[];
    expect((await post(mod, `/moderation/verifications/${item!.id}/decision`, { outcome: 'reject' })).statusCode).toBe(422);
    expect((await post(mod, `/moderation/verifications/${item!.id}/decision`, { outcome: 'reject', reason: 'spoof_suspected' })).statusCode).toBe(200);
    expect(await state(a)).toMatchObject({ status: 'rejected', reasons: ['spoof_suspected'] });
    expect(selfieFiles()).toEqual([]);
  });

  it('the badge follows the face: a main photo of someone else removes it and tells the member', async () => {
    await start(['turn_left', 'mouth_open']);
    const a = await member('a-profile');
    expect((await verify(a, ['a-turn-left', 'a-mouth-open'])).status).toBe('verified');
    // Another photo of the same face as main keeps the badge.
    const same = await uploadPhoto(a, 'a-profile-2');
    expect((await t.app.inject({ method: 'PUT', url: `/api/profile/photos/${same}/primary`, headers: bearer(a.token) })).statusCode).toBe(200);
    await t.app.services.verification.mainPhotoChanged(a.user.id);
    expect((await state(a)).status).toBe('verified');
    const other = await uploadPhoto(a, 'c-profile');
    expect((await t.app.inject({ method: 'PUT', url: `/api/profile/photos/${other}/primary`, headers: bearer(a.token) })).statusCode).toBe(200);
    await until(async () => (await state(a)).status !== 'verified', 20_000);
    expect(await state(a)).toMatchObject({ status: 'none', verified_at: null });
    const inbox = (await get(a, '/feed/notifications')).json().data.items as { type: string; title: string }[];
    expect(inbox.find((n) => n.type === 'verification')?.title).toBe('Your main photo changed — verify again');
  });
});
