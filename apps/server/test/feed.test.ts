import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountExportSchema, FEED_MESSAGES, FeedNotificationSchema, FeedQuerySchema, FeedNotificationsSchema, FeedPageSchema, FeedPostSchema, OwnPostResponseSchema, PostLikeResultSchema,
  SAFETY_MESSAGES, UnreadCountSchema, type FeedPost, type FeedPostBody, type NotificationPayload, type PreferenceFields,
} from '@linkup/contract';
import sharp from 'sharp';
import type { UserRow } from '../src/db/schema';
import { newId } from '../src/lib/ids';
import { birthDateBounds } from '../src/lib/time';
import { feedPolicy } from '../src/modules/feed/feed.policy';
import { FeedRepository } from '../src/modules/feed/feed.repository';
import { preferenceValues } from '../src/modules/shared/preferences';
import { SteppingClock, buildTestApp, type TestApp } from './helpers/app';
import { FACTORY_PASSWORD, type Member, api, bearer, buildBlock, buildMatch, buildMember, buildOnboardedMember, buildPrivacy, signIn } from './helpers/factories';
import { liveTestApp, record, until } from './helpers/sockets';
import { systemClock } from '../src/lib/clock';

const bornAged = (age: number) => birthDateBounds(age, age).onOrBefore;
/** The feed's members: 30-year-old women unless overridden. */
const FEED_MEMBER = { date_of_birth: bornAged(30), gender: 'female' };
/** Saved preferences (the feed needs them): any age to 99 unless overridden, who and how old as dealbreakers. */
const FEED_PREFS: PreferenceFields = { age_max: 99 };

/** A multipart/form-data body with one file, as a browser sends it. */
function multipart(data: Buffer, field = 'photo', filename = 'photo.jpg', contentType = 'image/jpeg') {
  const boundary = `----linkup${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A JPEG carrying EXIF with a GPS position (what phones write). */
const jpegWithGps = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: '#e0457b' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'LinkUpCam' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 55/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '18/1 25/1 0/1' } })
    .toBuffer();

describe('feed API', () => {
  let t: TestApp;
  // Posts and reads made one after another get distinct times from the clock, not from sleeping.
  const clock = new SteppingClock();
  const db = () => t.database.db;

  const call = api(() => t.app);
  const createPost = async (m: Member, body: FeedPostBody = {}) => {
    const res = await call(m, 'POST', '/feed/my-post', body);
    expect(res.statusCode, res.body).toBe(201);
    return OwnPostResponseSchema.parse(res.json().data).post!;
  };
  const feed = async (m: Member, query = '') => {
    const res = await call(m, 'GET', `/feed${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return FeedPageSchema.parse(res.json().data);
  };
  /** Every post id the member's feed shows, over all pages. */
  const feedIds = async (m: Member, query = '') => {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const sep: string = query ? '&' : '?';
      const page = await feed(m, `${query}${cursor ? `${sep}cursor=${cursor}` : ''}`);
      ids.push(...page.posts.map((p) => p.id));
      cursor = page.next_cursor;
    } while (cursor);
    return ids;
  };
  const like = (m: Member, postId: string) => call(m, 'POST', `/feed/posts/${postId}/like`);
  const unlike = (m: Member, postId: string) => call(m, 'DELETE', `/feed/posts/${postId}/unlike`);
  const inbox = async (m: Member) => {
    const res = await call(m, 'GET', '/feed/notifications');
    expect(res.statusCode, res.body).toBe(200);
    return FeedNotificationsSchema.parse(res.json().data);
  };
  const upload = (m: Member, data: Buffer, field?: string, contentType?: string) => {
    const body = multipart(data, field, 'photo.jpg', contentType);
    return t.app.inject({ method: 'POST', url: '/api/feed/my-post/images', payload: body.payload, headers: { ...body.headers, ...bearer(m.token) } });
  };
  const stored = async (url: string): Promise<Buffer | null> => {
    const object = await t.app.deps.storage.get(url.slice(url.indexOf('photos/')));
    if (!object) return null;
    if (Buffer.isBuffer(object.body)) return object.body;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };

  beforeAll(async () => {
    t = await buildTestApp({ PHOTO_MAX_BYTES: '200000' }, { clock });
  });
  afterAll(async () => t.close());

  it('requires authentication on every endpoint', async () => {
    for (const [method, url] of [
      ['GET', '/feed'], ['GET', '/feed/posts/x'], ['POST', '/feed/posts/x/like'], ['DELETE', '/feed/posts/x/unlike'],
      ['GET', '/feed/my-post'], ['POST', '/feed/my-post'], ['PUT', '/feed/my-post'], ['DELETE', '/feed/my-post'], ['POST', '/feed/my-post/images'],
      ['GET', '/feed/notifications'], ['GET', '/feed/notifications/unread-count'], ['PUT', '/feed/notifications/x/read'], ['PUT', '/feed/notifications/x/clicked'],
    ] as const) {
      expect((await call(null, method, url, method === 'POST' || method === 'PUT' ? {} : undefined)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('documents its endpoints in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([
      '/api/feed', '/api/feed/posts/{id}', '/api/feed/posts/{id}/like', '/api/feed/posts/{id}/unlike', '/api/feed/my-post',
      '/api/feed/my-post/images', '/api/feed/notifications', '/api/feed/notifications/{id}/read', '/api/feed/notifications/{id}/clicked',
    ]));
  });

  it('answers 400 mentioning preferences to a member who never saved any (spec §4 "requires preferences")', async () => {
    const m = await buildMember(t.app, FEED_MEMBER);
    const res = await call(m, 'GET', '/feed');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, status: 400, code: 'preferences_required', message: FEED_MESSAGES.preferencesRequired });
    expect(res.json().message).toMatch(/preferences/);
  });

  describe('my post', () => {
    it('publishes one post with name, age, gender and city from the profile, never from the body', async () => {
      const m = await buildOnboardedMember(t.app, { ...FEED_MEMBER, name: 'Thandi Mokoena', gender: 'female', date_of_birth: bornAged(29), city: 'Durban' }, FEED_PREFS);
      expect(OwnPostResponseSchema.parse((await call(m, 'GET', '/feed/my-post')).json().data)).toEqual({ has_post: false, post: null });
      const post = await createPost(m, { name: 'Someone Else', age: 19, gender: 'male', city: 'Nowhere', profile_description: 'Coffee and long walks.' } as FeedPostBody);
      expect(post).toMatchObject({
        user_id: m.user.id, name: 'Thandi Mokoena', age: 29, gender: 'female', city: 'Durban', profile_description: 'Coffee and long walks.',
        is_available: true, preferred_age_min: 18, preferred_age_max: 35, likes_count: 0, is_liked: false,
      });
      const mine = OwnPostResponseSchema.parse((await call(m, 'GET', '/feed/my-post')).json().data);
      expect(mine).toMatchObject({ has_post: true, post: { id: post.id } });
    });

    it('refuses a second post with 409, also when several are sent at once', async () => {
      const m = await buildOnboardedMember(t.app, FEED_MEMBER, FEED_PREFS);
      await createPost(m);
      const again = await call(m, 'POST', '/feed/my-post', {});
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'post_exists', message: FEED_MESSAGES.postExists });

      const racer = await buildOnboardedMember(t.app, FEED_MEMBER, FEED_PREFS);
      const answers = await Promise.all(Array.from({ length: 8 }, () => call(racer, 'POST', '/feed/my-post', { profile_description: 'Hi' })));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
      const rows = await db().selectFrom('feed_posts').select('id').where('user_id', '=', racer.user.id).execute();
      expect(rows).toHaveLength(1);
    });

    it('validates the form: vocabularies, age 18–99 with min ≤ max, lengths, hidden characters', async () => {
      const m = await buildOnboardedMember(t.app, FEED_MEMBER, FEED_PREFS);
      for (const [body, field] of [
        [{ preferred_age_min: 40, preferred_age_max: 30 }, 'preferred_age_min'],
        [{ preferred_age_min: 17 }, 'preferred_age_min'],
        [{ preferred_age_max: 100 }, 'preferred_age_max'],
        [{ body_type: 'giant' }, 'body_type'],
        [{ preferred_drinking: 'always' }, 'preferred_drinking'],
        [{ profile_description: 'x'.repeat(1001) }, 'profile_description'],
        [{ profile_description: 'null\u0000byte' }, 'profile_description'],
        [{ profile_description: 'evil\u202Etxt.exe' }, 'profile_description'],
        [{ is_available: 'yes' }, 'is_available'],
        [{ image_1: 'x'.repeat(65) }, 'image_1'],
      ] as const) {
        const res = await call(m, 'POST', '/feed/my-post', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(Object.keys(res.json().errors), JSON.stringify(body)).toContain(field);
      }
      expect(OwnPostResponseSchema.parse((await call(m, 'GET', '/feed/my-post')).json().data).has_post).toBe(false);
    });

    it('replaces the post with PUT and deletes it with DELETE (404 when there is none)', async () => {
      const m = await buildOnboardedMember(t.app, FEED_MEMBER, FEED_PREFS);
      expect((await call(m, 'PUT', '/feed/my-post', {})).statusCode).toBe(404);
      expect((await call(m, 'DELETE', '/feed/my-post')).statusCode).toBe(404);
      const post = await createPost(m, { profile_description: 'First', relationship_type: 'long_term' });
      const put = await call(m, 'PUT', '/feed/my-post', { profile_description: 'Second', is_available: false, preferred_age_min: 25, preferred_age_max: 40 });
      expect(put.statusCode, put.body).toBe(200);
      expect(OwnPostResponseSchema.parse(put.json().data).post).toMatchObject({
        id: post.id, profile_description: 'Second', relationship_type: null, is_available: false, preferred_age_min: 25, preferred_age_max: 40,
      });
      const del = await call(m, 'DELETE', '/feed/my-post');
      expect(del.statusCode).toBe(200);
      expect(del.json().data).toEqual({ has_post: false, post: null });
      expect(OwnPostResponseSchema.parse((await call(m, 'GET', '/feed/my-post')).json().data).has_post).toBe(false);
    });
  });

  describe('who sees which posts (two-way)', () => {
    let viewer: Member;
    const posts: Record<string, string> = {};

    beforeAll(async () => {
      // He looks for women of 25–35 (dealbreakers); he is 30, average build, in Cape Town.
      viewer = await buildOnboardedMember(t.app, { ...FEED_MEMBER, gender: 'male', date_of_birth: bornAged(30), body_type: 'average', city: 'Cape Town', province: 'Western Cape' }, { ...FEED_PREFS, genders: ['female'], age_min: 25, age_max: 35 });
      const author = async (key: string, overrides: Partial<UserRow>, body: FeedPostBody = {}, prefs: PreferenceFields | null = {}) => {
        const who = { ...FEED_MEMBER, date_of_birth: bornAged(28), ...overrides };
        const m = prefs ? await buildOnboardedMember(t.app, who, { ...FEED_PREFS, ...prefs }) : await buildMember(t.app, who);
        posts[key] = (await createPost(m, body)).id;
        return m;
      };
      await author('fits', { city: 'Cape Town', province: 'Western Cape' }, { preferred_age_min: 25, preferred_age_max: 40, relationship_type: 'long_term' });
      await author('fitsNoPrefs', { city: 'Durban', province: 'KwaZulu-Natal' }, { preferred_age_min: 18, preferred_age_max: 99, relationship_type: 'casual' }, null);
      await author('tooOldForHer', {}, { preferred_age_min: 35, preferred_age_max: 50 });
      await author('man', { gender: 'male' }, { preferred_age_min: 18, preferred_age_max: 99 });
      await author('tooOldForHim', { date_of_birth: bornAged(50) }, { preferred_age_min: 18, preferred_age_max: 99 });
      await author('wantsAthletic', {}, { preferred_body_type: 'athletic', preferred_age_max: 99 });
      await author('wantsDurban', {}, { preferred_city: 'Durban', preferred_age_max: 99 });
      await author('wantsWomen', {}, { preferred_age_max: 99 }, { genders: ['female'] });
      await author('unavailable', {}, { is_available: false, preferred_age_max: 99 });
      const hidden = await author('hidden', {}, { preferred_age_max: 99 });
      await buildPrivacy(t.app, hidden.user, { hide_from_discover: true });
      const blockedByMe = await author('blockedByMe', {}, { preferred_age_max: 99 });
      await buildBlock(t.app, viewer.user, blockedByMe.user);
      const blocksMe = await author('blocksMe', {}, { preferred_age_max: 99 });
      await buildBlock(t.app, blocksMe.user, viewer.user);
      await createPost(viewer);
    });

    it('shows only posts whose authors fit me and whose partner preferences fit me, never my own', async () => {
      const ids = await feedIds(viewer);
      for (const key of ['tooOldForHer', 'man', 'tooOldForHim', 'wantsAthletic', 'wantsDurban', 'wantsWomen', 'unavailable', 'hidden', 'blockedByMe', 'blocksMe']) {
        expect(ids, key).not.toContain(posts[key]);
      }
      expect(ids).toContain(posts.fits);
      expect(ids).toContain(posts.fitsNoPrefs);
      const own = OwnPostResponseSchema.parse((await call(viewer, 'GET', '/feed/my-post')).json().data).post!;
      expect(ids).not.toContain(own.id);
    });

    it('applies the filters: gender, age range, city, province, relationship type', async () => {
      expect(await feedIds(viewer, '?city=Cape%20Town')).toContain(posts.fits);
      expect(await feedIds(viewer, '?city=Cape%20Town')).not.toContain(posts.fitsNoPrefs);
      expect(await feedIds(viewer, '?province=KwaZulu-Natal')).toEqual(expect.arrayContaining([posts.fitsNoPrefs]));
      expect(await feedIds(viewer, '?province=KwaZulu-Natal')).not.toContain(posts.fits);
      expect(await feedIds(viewer, '?relationshipType=casual')).toContain(posts.fitsNoPrefs);
      expect(await feedIds(viewer, '?relationshipType=casual')).not.toContain(posts.fits);
      // Asking for men overrides my preference for women; his partner preferences still must fit me.
      expect(await feedIds(viewer, '?gender=male')).toContain(posts.man);
      expect(await feedIds(viewer, '?gender=male')).not.toContain(posts.fits);
      expect(await feedIds(viewer, '?ageMin=45&ageMax=55')).toContain(posts.tooOldForHim);
      expect(await feedIds(viewer, '?ageMin=45&ageMax=55')).not.toContain(posts.fits);
      expect((await call(viewer, 'GET', '/feed?ageMin=12')).statusCode).toBe(422);
      expect((await call(viewer, 'GET', '/feed?gender=robot')).statusCode).toBe(422);
      expect((await call(viewer, 'GET', '/feed?cursor=not*valid')).statusCode).toBe(422);
      expect((await call(viewer, 'GET', `/feed?cursor=${Buffer.from('garbage').toString('base64url')}`)).statusCode).toBe(422);
    });

    it('shows a post to those who may see it, 404 to everyone else', async () => {
      const res = await call(viewer, 'GET', `/feed/posts/${posts.fits}`);
      expect(res.statusCode).toBe(200);
      const post = FeedPostSchema.parse(res.json().data);
      expect(post).toMatchObject({ id: posts.fits, age: 28, gender: 'female', city: 'Cape Town' });
      expect(Object.keys(post)).not.toEqual(expect.arrayContaining(['email']));
      expect(JSON.stringify(res.json())).not.toMatch(/phone|email|date_of_birth|location_cell/);
      for (const key of ['tooOldForHer', 'unavailable', 'hidden', 'blockedByMe', 'blocksMe']) {
        expect((await call(viewer, 'GET', `/feed/posts/${posts[key]}`)).statusCode, key).toBe(404);
        expect((await like(viewer, posts[key]!)).statusCode, key).toBe(404);
      }
      expect((await call(viewer, 'GET', `/feed/posts/${newId()}`)).statusCode).toBe(404);
    });

    it('leaves authors who hide their age out of results an age range narrows: no run of filters finds it (issue #27 item 11)', async () => {
      const secret = await buildOnboardedMember(t.app, { ...FEED_MEMBER, date_of_birth: bornAged(28) }, FEED_PREFS);
      const post = await createPost(secret, { preferred_age_max: 99 });
      await buildPrivacy(t.app, secret.user, { show_age: false });
      // A reader whose age is no dealbreaker: the unfiltered feed and the whole age range show the post.
      const reader = await buildOnboardedMember(t.app, { ...FEED_MEMBER, gender: 'male' }, { ...FEED_PREFS, genders: ['female'], strict_fields: ['genders'] });
      expect(await feedIds(reader)).toContain(post.id);
      expect(await feedIds(reader, '?ageMin=18&ageMax=99')).toContain(post.id);
      // Every narrower range answers alike, whether it holds her age or not: a binary search learns nothing.
      const searched: boolean[] = [];
      let [low, high] = [18, 99];
      while (low < high) {
        const mid = Math.floor((low + high) / 2);
        const found = (await feedIds(reader, `?ageMin=${low}&ageMax=${mid}`)).includes(post.id);
        searched.push(found);
        if (found) high = mid;
        else low = mid + 1;
      }
      expect(searched.length).toBeGreaterThanOrEqual(6);
      expect(searched.every((found) => !found)).toBe(true);
      expect(await feedIds(reader, '?ageMin=28&ageMax=28')).not.toContain(post.id);
      expect(await feedIds(reader, '?ageMax=98')).not.toContain(post.id);
      // A strict age preference narrows too (25–35 here).
      expect(await feedIds(viewer)).not.toContain(post.id);
      // An author who shows her age is found by the same filter.
      const open = await buildOnboardedMember(t.app, { ...FEED_MEMBER, date_of_birth: bornAged(28) }, FEED_PREFS);
      const shown = await createPost(open, { preferred_age_max: 99 });
      expect(await feedIds(reader, '?ageMin=28&ageMax=28')).toContain(shown.id);
      // Her post itself stays hers to show, without the age.
      expect(FeedPostSchema.parse((await call(reader, 'GET', `/feed/posts/${post.id}`)).json().data).age).toBeNull();
    });

    it('leaves out the post of a former match, which cannot be liked either (issue #27 item 10)', async () => {
      const former = await buildOnboardedMember(t.app, { ...FEED_MEMBER, gender: 'female', date_of_birth: bornAged(28) }, FEED_PREFS);
      const post = await createPost(former, { preferred_age_max: 99 });
      const other = await buildOnboardedMember(t.app, { ...FEED_MEMBER, gender: 'female', date_of_birth: bornAged(28) }, FEED_PREFS);
      const stillShown = await createPost(other, { preferred_age_max: 99 });
      expect(await feedIds(viewer)).toContain(post.id);
      expect((await like(viewer, post.id)).statusCode).toBe(200);
      const [, second] = [viewer.user, former.user].sort((x, y) => x.id.localeCompare(y.id));
      await buildMatch(db(), viewer.user, former.user, { unmatchedBy: second });
      for (const [reader, hidden] of [[viewer, post.id], [former, OwnPostResponseSchema.parse((await call(viewer, 'GET', '/feed/my-post')).json().data).post!.id]] as const) {
        expect(await feedIds(reader)).not.toContain(hidden);
        expect((await call(reader, 'GET', `/feed/posts/${hidden}`)).statusCode).toBe(404);
        expect((await like(reader, hidden)).statusCode).toBe(404);
      }
      expect(await feedIds(viewer)).toContain(stillShown.id);
    });

    it('hides the age of an author who hides it', async () => {
      const author = await buildOnboardedMember(t.app, FEED_MEMBER, FEED_PREFS);
      const post = await createPost(author, { preferred_age_max: 99 });
      await buildPrivacy(t.app, author.user, { show_age: false });
      const seen = FeedPostSchema.parse((await call(viewer, 'GET', `/feed/posts/${post.id}`)).json().data);
      expect(seen.age).toBeNull();
    });
  });

  describe('paging', () => {
    it('pages newest first by cursor: posts added between pages neither repeat nor push others out', async () => {
      // Ages nobody else in this file has, so the filter isolates these posts.
      const reader = await buildOnboardedMember(t.app, { ...FEED_MEMBER, gender: 'male' }, { ...FEED_PREFS, genders: ['female'], age_min: 60, age_max: 61 });
      const older: string[] = [];
      for (let i = 0; i < 7; i += 1) {
        older.push((await createPost(await buildOnboardedMember(t.app, { ...FEED_MEMBER, date_of_birth: bornAged(60) }, FEED_PREFS), { preferred_age_max: 99 })).id);
        // Distinct times, so "newest first" is the order they were made in.
        clock.step();
      }
      const first = await feed(reader, '?per_page=3');
      expect(first.posts.map((p) => p.id)).toEqual(older.slice(-3).reverse());
      expect(first.has_more).toBe(true);
      // New posts arrive between pages.
      const newer = [(await createPost(await buildOnboardedMember(t.app, { ...FEED_MEMBER, date_of_birth: bornAged(61) }, FEED_PREFS), { preferred_age_max: 99 })).id];
      const second = await feed(reader, `?per_page=3&page=2&cursor=${first.next_cursor}`);
      const third = await feed(reader, `?per_page=3&page=3&cursor=${second.next_cursor}`);
      expect(third.has_more).toBe(false);
      expect(third.next_cursor).toBeNull();
      const seen = [...first.posts, ...second.posts, ...third.posts].map((p) => p.id);
      expect(seen).toEqual([...older].reverse());
      // Page 1 again starts from the newest, including the new one.
      expect((await feed(reader, '?per_page=3')).posts[0]!.id).toBe(newer[0]);
      // The spec's plain `page` still works (offset).
      expect((await feed(reader, '?per_page=3&page=2')).posts.map((p) => p.id)).toEqual([older[4], older[3], older[2]]);

      // Walked in windows of 2 (growing to 4), most of which hold nobody who fits: the same pages.
      const small = new FeedRepository(db(), systemClock, { first: 2, max: 4 });
      const [suitor, prefs] = await Promise.all([small.viewer(reader.user.id), small.preferences(reader.user.id)]);
      const walkOf = (query: object) => feedPolicy.walk(suitor!, preferenceValues(prefs), FeedQuerySchema.parse(query), new Date());
      const firstPage = await small.feedPage(walkOf({ per_page: 3 }));
      expect(firstPage.map((p) => p.id)).toEqual([newer[0], older[6], older[5], older[4]]);
      // A page asks for one post more than it shows (that one says whether there are more).
      expect((await small.feedPage(walkOf({ per_page: 3, page: 2 }))).map((p) => p.id)).toEqual([older[4], older[3], older[2], older[1]]);
      const all = await small.feedPage(walkOf({ per_page: 50 }));
      expect(all.map((p) => p.id)).toEqual([newer[0]!, ...[...older].reverse()]);
    });
  });

  describe('likes', () => {
    let author: Member;
    let fan: Member;
    let post: FeedPost;

    beforeAll(async () => {
      author = await buildOnboardedMember(t.app, { ...FEED_MEMBER, name: 'Author Anele' }, FEED_PREFS);
      fan = await buildOnboardedMember(t.app, { ...FEED_MEMBER, name: 'Fan Farai', gender: 'male' }, { ...FEED_PREFS, genders: ['female'] });
      post = FeedPostSchema.parse(await createPost(author, { preferred_age_max: 99 }));
    });

    it('likes idempotently, unlikes with a floor of 0, and never lets me like my own post', async () => {
      const first = await like(fan, post.id);
      expect(first.statusCode, first.body).toBe(200);
      expect(PostLikeResultSchema.parse(first.json().data)).toEqual({ post_id: post.id, is_liked: true, likes_count: 1 });
      expect(PostLikeResultSchema.parse((await like(fan, post.id)).json().data).likes_count).toBe(1);
      const seen = FeedPostSchema.parse((await call(fan, 'GET', `/feed/posts/${post.id}`)).json().data);
      expect(seen).toMatchObject({ is_liked: true, likes_count: 1 });
      expect(PostLikeResultSchema.parse((await unlike(fan, post.id)).json().data)).toEqual({ post_id: post.id, is_liked: false, likes_count: 0 });
      expect(PostLikeResultSchema.parse((await unlike(fan, post.id)).json().data).likes_count).toBe(0);
      const own = await like(author, post.id);
      expect(own.statusCode).toBe(422);
      expect(own.json().message).toBe(FEED_MESSAGES.ownPostLike);
      expect((await like(fan, newId())).statusCode).toBe(404);
    });

    it('counts 50 likes sent at once as 50, and one member liking 10 times at once as 1', async () => {
      const target = await createPost(await buildOnboardedMember(t.app, FEED_MEMBER, FEED_PREFS), { preferred_age_max: 99 });
      const likers = await Promise.all(Array.from({ length: 50 }, () => buildOnboardedMember(t.app, { ...FEED_MEMBER, gender: 'male' }, FEED_PREFS)));
      const answers = await Promise.all(likers.map((m) => like(m, target.id)));
      expect(answers.every((a) => a.statusCode === 200)).toBe(true);
      expect(FeedPostSchema.parse((await call(likers[0]!, 'GET', `/feed/posts/${target.id}`)).json().data).likes_count).toBe(50);

      const eager = await buildOnboardedMember(t.app, FEED_MEMBER, FEED_PREFS);
      const many = await Promise.all(Array.from({ length: 10 }, () => like(eager, target.id)));
      expect(many.every((a) => a.statusCode === 200)).toBe(true);
      expect(FeedPostSchema.parse((await call(eager, 'GET', `/feed/posts/${target.id}`)).json().data).likes_count).toBe(51);
      const unlikes = await Promise.all(Array.from({ length: 10 }, () => unlike(eager, target.id)));
      expect(unlikes.every((a) => a.statusCode === 200)).toBe(true);
      expect(FeedPostSchema.parse((await call(eager, 'GET', `/feed/posts/${target.id}`)).json().data).likes_count).toBe(50);
      // The inbox got one item per liker.
      const owner = await db().selectFrom('feed_posts').select('user_id').where('id', '=', target.id).executeTakeFirstOrThrow();
      const items = await db().selectFrom('notifications').select('id').where('user_id', '=', owner.user_id).execute();
      expect(items).toHaveLength(51);
    });

    it('limits likes to 120 a minute per member, across their sessions', async () => {
      const target = await createPost(await buildOnboardedMember(t.app, FEED_MEMBER, FEED_PREFS), { preferred_age_max: 99 });
      const m = await buildOnboardedMember(t.app, FEED_MEMBER, FEED_PREFS);
      const second = { user: m.user, token: await signIn(t.app, m.user) };
      for (let i = 0; i < 60; i += 1) {
        expect((await like(m, target.id)).statusCode).toBe(200);
        expect((await like(second, target.id)).statusCode).toBe(200);
      }
      expect((await like(m, target.id)).statusCode).toBe(429);
      expect((await like(second, target.id)).statusCode).toBe(429);
      expect((await like(await buildOnboardedMember(t.app, FEED_MEMBER, FEED_PREFS), target.id)).statusCode).toBe(200);
    });

    it('puts one inbox item on the author for a like, not for an unlike, not again for like-unlike-like within a day', async () => {
      const a = await buildOnboardedMember(t.app, { ...FEED_MEMBER, name: 'Amahle' }, FEED_PREFS);
      const b = await buildOnboardedMember(t.app, { ...FEED_MEMBER, name: 'Bheki', gender: 'male' }, FEED_PREFS);
      const p = await createPost(a, { preferred_age_max: 99 });
      expect((await inbox(a)).items).toHaveLength(0);
      await like(b, p.id);
      let box = await inbox(a);
      expect(box.items).toHaveLength(1);
      expect(box.unread_count).toBe(1);
      const item = box.items[0]!;
      expect(item).toMatchObject({
        type: 'post_like', title: 'Someone liked your post', body: 'Bheki liked your post.', is_read: false, read_at: null, is_clicked: false, clicked_at: null,
        data: { type: 'post_like', notification_id: item.id, sender_id: b.user.id, sender_name: 'Bheki', action: 'view_post', post_id: p.id },
      });
      await unlike(b, p.id);
      await like(b, p.id);
      box = await inbox(a);
      expect(box.items).toHaveLength(1);
      expect((await inbox(b)).items).toHaveLength(0);
      expect((await call(a, 'GET', '/feed/notifications/unread-count')).json().data).toEqual({ unread_count: 1, tabs: { feed: 1, matches: 0 } });
    });

    it('counts the Feed and Matches tabs apart from the bell, and a tab opened marks only its own items read (issue 32)', async () => {
      const a = await buildOnboardedMember(t.app, { ...FEED_MEMBER, name: 'Ayanda' }, FEED_PREFS);
      const b = await buildOnboardedMember(t.app, { ...FEED_MEMBER, name: 'Bongani', gender: 'male' }, FEED_PREFS);
      await like(b, (await createPost(a, { preferred_age_max: 99 })).id);
      // A match and a view land in the same inbox: the bell counts all, each tab its own.
      for (const [from, to] of [[a, b], [b, a]] as const) {
        const res = await call(from, 'POST', `/matches/${to.user.id}/like`);
        expect(res.statusCode, res.body).toBe(200);
      }
      const counts = UnreadCountSchema.parse((await call(a, 'GET', '/feed/notifications/unread-count')).json().data);
      const others = (await inbox(a)).items.filter((n) => !['post_like', 'match'].includes(n.type)).length;
      expect(counts).toEqual({ unread_count: 2 + others, tabs: { feed: 1, matches: 1 } });
      const afterFeed = await call(a, 'PUT', '/feed/notifications/read', { tab: 'feed' });
      expect(afterFeed.statusCode).toBe(200);
      expect(UnreadCountSchema.parse(afterFeed.json().data)).toEqual({ unread_count: 1 + others, tabs: { feed: 0, matches: 1 } });
      // Another member's tab call touches only their own items.
      expect(UnreadCountSchema.parse((await call(b, 'PUT', '/feed/notifications/read', { tab: 'matches' })).json().data).tabs.matches).toBe(0);
      expect(UnreadCountSchema.parse((await call(a, 'GET', '/feed/notifications/unread-count')).json().data).tabs.matches).toBe(1);
      expect(UnreadCountSchema.parse((await call(a, 'PUT', '/feed/notifications/read', { tab: 'matches' })).json().data))
        .toEqual({ unread_count: others, tabs: { feed: 0, matches: 0 } });
      for (const body of [{ tab: 'messages' }, {}, { tab: 1 }]) {
        const res = await call(a, 'PUT', '/feed/notifications/read', body);
        expect(res.statusCode).toBe(422);
        expect(res.json().code).toBeTypeOf('string');
      }
    });

    it('marks read and clicked once (first times kept); another member\'s notification is 404', async () => {
      const a = await buildOnboardedMember(t.app, FEED_MEMBER, FEED_PREFS);
      const b = await buildOnboardedMember(t.app, { ...FEED_MEMBER, gender: 'male' }, FEED_PREFS);
      await like(b, (await createPost(a, { preferred_age_max: 99 })).id);
      const [item] = (await inbox(a)).items;
      for (const action of ['read', 'clicked']) {
        expect((await call(b, 'PUT', `/feed/notifications/${item!.id}/${action}`)).statusCode).toBe(404);
        expect((await call(a, 'PUT', `/feed/notifications/${newId()}/${action}`)).statusCode).toBe(404);
      }
      const read = FeedNotificationSchema.parse((await call(a, 'PUT', `/feed/notifications/${item!.id}/read`)).json().data);
      expect(read).toMatchObject({ is_read: true, is_clicked: false, clicked_at: null });
      expect(Date.parse(read.read_at!)).toBeGreaterThan(Date.now() - 60_000);
      expect((await inbox(a)).unread_count).toBe(0);
      clock.step();
      const again = FeedNotificationSchema.parse((await call(a, 'PUT', `/feed/notifications/${item!.id}/read`)).json().data);
      expect(again.read_at).toBe(read.read_at);
      const clicked = FeedNotificationSchema.parse((await call(a, 'PUT', `/feed/notifications/${item!.id}/clicked`)).json().data);
      expect(clicked).toMatchObject({ is_read: true, read_at: read.read_at, is_clicked: true });
      expect(clicked.clicked_at).not.toBeNull();
    });

    it('pages the inbox newest first and leaves out members blocked either way', async () => {
      const a = await buildOnboardedMember(t.app, FEED_MEMBER, FEED_PREFS);
      const p = await createPost(a, { preferred_age_max: 99 });
      const likers = [];
      for (let i = 0; i < 3; i += 1) {
        const m = await buildOnboardedMember(t.app, { ...FEED_MEMBER, name: `Liker ${i}` }, FEED_PREFS);
        likers.push(m);
        await like(m, p.id);
      }
      const res = await call(a, 'GET', '/feed/notifications?per_page=2');
      const page = FeedNotificationsSchema.parse(res.json().data);
      expect(page.items.map((n) => n.data.sender_name)).toEqual(['Liker 2', 'Liker 1']);
      expect(page.pagination).toEqual({ current_page: 1, last_page: 2, per_page: 2, total: 3 });
      await buildBlock(t.app, a.user, likers[2]!.user);
      const after = await inbox(a);
      expect(after.items.map((n) => n.data.sender_name)).toEqual(['Liker 1', 'Liker 0']);
      expect(after.unread_count).toBe(2);
    });
  });

  describe('photos', () => {
    it('takes uploads through the photo pipeline (metadata stripped) and profile photos by id; refuses others\' ids', async () => {
      const m = await buildOnboardedMember(t.app, FEED_MEMBER, FEED_PREFS);
      const input = await jpegWithGps();
      expect((await sharp(input).metadata()).exif?.toString('latin1')).toContain('LinkUpCam');
      const up = await upload(m, input);
      expect(up.statusCode, up.body).toBe(201);
      const image = up.json().data as { id: string; url: string };
      const bytes = await stored(image.url);
      expect(bytes).not.toBeNull();
      const meta = await sharp(bytes!).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(bytes!.toString('latin1')).not.toContain('LinkUpCam');

      // A profile photo of mine, by id.
      const profileUpload = multipart(await sharp({ create: { width: 300, height: 300, channels: 3, background: '#123456' } }).png().toBuffer(), 'photo', 'p.png', 'image/png');
      const profile = await t.app.inject({ method: 'POST', url: '/api/profile/photos', payload: profileUpload.payload, headers: { ...profileUpload.headers, ...bearer(m.token) } });
      expect(profile.statusCode, profile.body).toBe(201);
      const photoId = profile.json().data.id as string;

      const other = await buildOnboardedMember(t.app, FEED_MEMBER, FEED_PREFS);
      const theirs = (await upload(other, await jpegWithGps())).json().data.id as string;
      const refused = await call(m, 'POST', '/feed/my-post', { image_1: theirs });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.image_1).toEqual([FEED_MESSAGES.imageChoice]);
      const twice = await call(m, 'POST', '/feed/my-post', { image_1: image.id, image_2: image.id });
      expect(twice.statusCode).toBe(422);

      const post = await createPost(m, { image_1: image.id, image_3: photoId });
      expect(post.image_1).toBe(image.url);
      expect(post.image_2).toBeNull();
      expect(post.image_3).toMatch(/\/media\/photos\/.+\/large\.webp$/);
      const own = OwnPostResponseSchema.parse((await call(m, 'GET', '/feed/my-post')).json().data).post!;
      expect(own.images.image_1?.id).toBe(image.id);
      // The post keeps its copy when the profile photo goes.
      expect((await call(m, 'DELETE', `/profile/photos/${photoId}`)).statusCode).toBe(200);
      expect(await stored(post.image_3!)).not.toBeNull();

      // Replacing the photos removes the files of those no longer used.
      const put = await call(m, 'PUT', '/feed/my-post', { image_1: own.images.image_3!.id });
      expect(put.statusCode, put.body).toBe(200);
      expect(await stored(image.url)).toBeNull();
      const kept = OwnPostResponseSchema.parse(put.json().data).post!;
      expect(kept.image_1).toBe(post.image_3);
      expect(kept.image_3).toBeNull();

      // Deleting the post removes its files.
      expect((await call(m, 'DELETE', '/feed/my-post')).statusCode).toBe(200);
      expect(await stored(kept.image_1!)).toBeNull();
    });

    it('refuses what is not an image, too large, or sent in another field, with 422', async () => {
      const m = await buildOnboardedMember(t.app, FEED_MEMBER, FEED_PREFS);
      const notImage = await upload(m, Buffer.from('%PDF-1.4 not a photo'));
      expect(notImage.statusCode).toBe(422);
      expect(notImage.json().errors.photo).toHaveLength(1);
      const big = await upload(m, Buffer.alloc(250_000, 1));
      expect(big.statusCode).toBe(422);
      expect(big.json().errors.photo[0]).toMatch(/too large|at most/i);
      expect((await upload(m, await jpegWithGps(), 'file')).statusCode).toBe(422);
    });

    it('keeps only the newest unused uploads', async () => {
      const m = await buildOnboardedMember(t.app, FEED_MEMBER, FEED_PREFS);
      const ids: string[] = [];
      for (let i = 0; i < 6; i += 1) ids.push((await upload(m, await jpegWithGps())).json().data.id as string);
      const left = await db().selectFrom('feed_post_images').select('id').where('user_id', '=', m.user.id).execute();
      expect(left.map((r) => r.id).sort()).toEqual(ids.slice(-4).sort());
    });
  });

  describe('reports and account deletion', () => {
    it('reports a post through the member report, with the post id', async () => {
      const author = await buildOnboardedMember(t.app, FEED_MEMBER, FEED_PREFS);
      const reporter = await buildOnboardedMember(t.app, FEED_MEMBER, FEED_PREFS);
      const post = await createPost(author, { preferred_age_max: 99 });
      const someoneElse = await buildOnboardedMember(t.app, FEED_MEMBER, FEED_PREFS);
      const wrong = await call(reporter, 'POST', `/users/${someoneElse.user.id}/report`, { reason: 'scam_or_spam', post_id: post.id });
      expect(wrong.statusCode).toBe(404);
      expect(wrong.json().message).toBe(SAFETY_MESSAGES.postUnavailable);
      const res = await call(reporter, 'POST', `/users/${author.user.id}/report`, { reason: 'inappropriate_photos', post_id: post.id });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.post_id).toBe(post.id);
      const row = await db().selectFrom('user_reports').selectAll().where('reporter_id', '=', reporter.user.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ reported_id: author.user.id, post_id: post.id, reason: 'inappropriate_photos' });
    });

    it('exports my post, the posts I like and my notifications with my data', async () => {
      const me = await buildOnboardedMember(t.app, { ...FEED_MEMBER, name: 'Exporter' }, FEED_PREFS);
      const other = await buildOnboardedMember(t.app, { ...FEED_MEMBER, name: 'Other Author' }, FEED_PREFS);
      const mine = await createPost(me, { profile_description: 'Mine', preferred_age_max: 99 });
      const theirs = await createPost(other, { preferred_age_max: 99 });
      await like(me, theirs.id);
      await like(other, mine.id);
      const res = await call(me, 'GET', '/account/export');
      expect(res.statusCode, res.body).toBe(200);
      const data = AccountExportSchema.parse(res.json());
      expect(data.feed_post).toMatchObject({ id: mine.id, profile_description: 'Mine', is_available: true, likes_count: 1 });
      expect(data.feed_likes).toEqual([expect.objectContaining({ post_id: theirs.id, member_id: other.user.id, name: 'Other Author' })]);
      expect(data.notifications).toEqual([expect.objectContaining({ type: 'post_like', body: 'Other Author liked your post.', is_read: false })]);
    });

    it('deleting an account deletes its post, photos, likes and inbox', async () => {
      const leaver = await buildOnboardedMember(t.app, FEED_MEMBER, FEED_PREFS);
      const other = await buildOnboardedMember(t.app, FEED_MEMBER, FEED_PREFS);
      const image = (await upload(leaver, await jpegWithGps())).json().data as { id: string; url: string };
      const post = await createPost(leaver, { image_1: image.id, preferred_age_max: 99 });
      const theirs = await createPost(other, { preferred_age_max: 99 });
      await like(leaver, theirs.id);
      await like(other, post.id);
      const res = await call(leaver, 'DELETE', '/account', { password: FACTORY_PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
      expect(await db().selectFrom('feed_posts').select('id').where('user_id', '=', leaver.user.id).execute()).toHaveLength(0);
      expect(await db().selectFrom('feed_post_likes').select('post_id').where('user_id', '=', leaver.user.id).execute()).toHaveLength(0);
      expect(await db().selectFrom('notifications').select('id').where('user_id', '=', leaver.user.id).execute()).toHaveLength(0);
      expect(await stored(image.url)).toBeNull();
      expect(FeedPostSchema.parse((await call(other, 'GET', `/feed/posts/${theirs.id}`)).json().data).likes_count).toBe(0);
      // The like they sent is gone from the other member's inbox too.
      expect((await inbox(other)).items).toHaveLength(0);
    });
  });
});

describe('feed notifications in real time', () => {
  const live = liveTestApp();
  const call = api(() => live.t.app);

  it('sends a new inbox item on the author\'s own channel, so the badge rises without a reload', async () => {
    const a = await live.member('Ayanda');
    const b = await live.member('Bonga');
    const other = await live.member('Onlooker');
    const received = record<NotificationPayload>(a.socket, 'notification');
    const overheard = record<NotificationPayload>(other.socket, 'notification');
    const post = await call(a, 'POST', '/feed/my-post', { preferred_age_max: 99 });
    expect(post.statusCode, post.body).toBe(201);
    const postId = post.json().data.post.id as string;
    const liked = await call(b, 'POST', `/feed/posts/${postId}/like`);
    expect(liked.statusCode, liked.body).toBe(200);
    await until(() => received.length === 1);
    expect(received[0]).toMatchObject({ type: 'post_like', sender_id: b.user.id, sender_name: 'Bonga', action: 'view_post' });
    expect(received[0]!.notification_id).toEqual(expect.any(String));
    expect(overheard).toHaveLength(0);
  });
});
