// Issue 33: photos in S3-compatible storage. Two app instances — two server processes as far as
// photos go: each has a DATA_DIR of its own — share one database and one bucket on a real
// S3-compatible server (s3rver, over HTTP on loopback). A photo uploaded through one is served by
// the other; deleting it, or the account, removes its objects from the bucket.
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PhotoSchema, type Photo } from '@linkup/contract';
import { buildTestApp, type TestApp } from './helpers/app';
import { startFakeS3, type FakeS3 } from './helpers/fake-s3';
import { bearer, buildUser, FACTORY_PASSWORD, signIn } from './helpers/factories';
import { multipart } from './helpers/multipart';

describe('photos in S3-compatible storage, across processes', () => {
  let s3: FakeS3;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    s3 = await startFakeS3();
    a = await buildTestApp(s3.env);
    b = await buildTestApp(s3.env, { database: a.database });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await s3?.close();
  });

  const member = async () => {
    const user = await buildUser(a.database.db);
    return { user, token: await signIn(a.app, user) };
  };
  const upload = async (t: TestApp, token: string, colour: string): Promise<Photo> => {
    const data = await sharp({ create: { width: 640, height: 480, channels: 3, background: colour } }).jpeg().toBuffer();
    const body = multipart([{ name: 'photo', filename: 'photo.jpg', contentType: 'image/jpeg', data }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/profile/photos', payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
    expect(res.statusCode, res.body).toBe(201);
    return PhotoSchema.parse(res.json().data);
  };
  const fetchPhoto = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });
  /** The photo's folder in the bucket: `media/photos/<id>/`. */
  const objectsOf = (photo: Photo) => s3.keys(`media/${photo.sizes.large.slice('/media/'.length).replace(/large\.webp$/, '')}`);
  const filesUnder = (dir: string): string[] => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }) : []);

  it('serves a photo uploaded through one process from every other, at the same URLs, from the bucket', async () => {
    const m = await member();
    const photo = await upload(a, m.token, '#3a86ff');
    expect(photo.sizes.large).toMatch(/^\/media\/photos\/[A-Za-z0-9_-]{22}\/large\.webp$/);
    expect(await objectsOf(photo)).toEqual(['large', 'medium', 'thumb'].map((size) => `media/${photo.sizes.large.slice(7).replace('large', size)}`));

    for (const url of Object.values(photo.sizes)) {
      const [viaA, viaB] = [await fetchPhoto(a, url), await fetchPhoto(b, url)];
      expect(viaB.statusCode, url).toBe(200);
      expect(viaB.headers['content-type']).toBe('image/webp');
      expect(viaB.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(viaB.headers['content-length'])).toBe(viaB.rawPayload.length);
      expect(viaB.rawPayload.equals(viaA.rawPayload)).toBe(true);
      expect((await sharp(viaB.rawPayload).metadata()).format).toBe('webp');
    }
    // Nothing of it on either process's disk.
    for (const t of [a, b]) expect(filesUnder(path.join(t.app.deps.config.dataDir, 'media'))).toEqual([]);
    // The other process lists it too, with the same URLs.
    const listed = await b.app.inject({ method: 'GET', url: '/api/profile/photos', headers: bearer(m.token) });
    expect(listed.json().data.photos.map((p: Photo) => p.sizes)).toEqual([photo.sizes]);
  });

  it('keeps verification selfies in the bucket too, for a moderator on any process, and never serves them', async () => {
    const key = 'selfies/AbCdEfGhIjKlMnOpQrStUv/selfie.jpg';
    await a.app.deps.selfies.put(key, Buffer.from('a jpeg'), 'image/jpeg');
    const object = await b.app.deps.selfies.get(key);
    expect(object?.size).toBe(6);
    expect((await buffer(object!.body as Readable)).toString()).toBe('a jpeg');
    expect(await s3.keys('verification/')).toEqual([`verification/${key}`]);
    for (const t of [a, b]) expect((await fetchPhoto(t, `/media/${key}`)).statusCode).toBe(404);
    await b.app.deps.selfies.delete(key);
    expect(await s3.keys('verification/')).toEqual([]);
  });

  it('answers 404, not 500, for a photo the bucket does not hold', async () => {
    const res = await fetchPhoto(b, '/media/photos/AAAAAAAAAAAAAAAAAAAAAA/large.webp');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, status: 404 });
  });

  it('deleting a photo through one process removes its objects; no process serves it any more', async () => {
    const m = await member();
    const photo = await upload(a, m.token, '#ff006e');
    const kept = await upload(b, m.token, '#8338ec');
    const res = await b.app.inject({ method: 'DELETE', url: `/api/profile/photos/${photo.id}`, headers: bearer(m.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await objectsOf(photo)).toEqual([]);
    for (const t of [a, b]) expect((await fetchPhoto(t, photo.sizes.medium)).statusCode).toBe(404);
    expect(await objectsOf(kept)).toHaveLength(3);
    expect((await fetchPhoto(a, kept.sizes.thumb)).statusCode).toBe(200);
  });

  it('deleting the account removes every object of the member’s photos, and only theirs', async () => {
    const [m, other] = [await member(), await member()];
    const photos = [await upload(a, m.token, '#fb5607'), await upload(b, m.token, '#ffbe0b')];
    const theirs = await upload(a, other.token, '#06d6a0');
    const res = await b.app.inject({ method: 'DELETE', url: '/api/account', headers: bearer(m.token), payload: { password: FACTORY_PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    for (const photo of photos) {
      expect(await objectsOf(photo)).toEqual([]);
      expect((await fetchPhoto(a, photo.sizes.large)).statusCode).toBe(404);
    }
    expect(await objectsOf(theirs)).toHaveLength(3);
  });
});
