import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTOS_MAX, PhotoListSchema, PhotoSchema, type Photo } from '@linkup/contract';
import sharp from 'sharp';
import { canDecodeHeic } from '../src/adapters/storage/photo-intake';
import { buildTestApp, type TestApp } from './helpers/app';
import { type Member, api, bearer, buildMember } from './helpers/factories';
import { multipart } from './helpers/multipart';
import { onlyIf } from './helpers/requires';

const MAX_BYTES = 1_000_000;

const image = (width: number, height: number, colour = '#e0457b') => sharp({ create: { width, height, channels: 3, background: colour } });
const jpeg = (width = 640, height = 480, colour?: string) => image(width, height, colour).jpeg().toBuffer();

/** GPS latitude reference ('N'/'S') from a raw EXIF block, or null when it has no GPS IFD. */
function gpsLatitudeRef(exif: Buffer): string | null {
  const tiff = exif.subarray(exif.indexOf('Exif\0\0') === 0 ? 6 : 0);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (o: number) => (little ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (little ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const entries = (ifd: number) => Array.from({ length: u16(ifd) }, (_, i) => ifd + 2 + i * 12);
  const gpsEntry = entries(u32(4)).find((e) => u16(e) === 0x8825);
  if (gpsEntry === undefined) return null;
  const latRef = entries(u32(gpsEntry + 8)).find((e) => u16(e) === 0x0001);
  return latRef === undefined ? null : tiff.toString('latin1', latRef + 8, latRef + 9);
}

describe('profile photos API', () => {
  let t: TestApp;
  const call = api(() => t.app);
  const upload = (m: Member | null, data: Buffer | string, filename = 'photo.jpg', contentType = 'image/jpeg', field = 'photo') => {
    const body = multipart([{ name: field, filename, contentType, data }]);
    return t.app.inject({ method: 'POST', url: '/api/profile/photos', payload: body.payload, headers: { ...body.headers, ...(m ? bearer(m.token) : {}) } });
  };
  const uploadOk = async (m: Member, colour?: string): Promise<Photo> => {
    const response = await upload(m, await jpeg(320, 240, colour));
    expect(response.statusCode, response.body).toBe(201);
    return PhotoSchema.parse(response.json().data);
  };
  const list = async (m: Member) => PhotoListSchema.parse((await call(m, 'GET', '/profile/photos')).json().data).photos;
  const keyOf = (url: string) => url.slice(url.indexOf('photos/'));
  const stored = (url: string) => t.app.deps.storage.get(keyOf(url));
  const readAll = async (url: string): Promise<Buffer | null> => {
    const object = await stored(url);
    if (!object) return null;
    if (Buffer.isBuffer(object.body)) return object.body;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const expectPhotoError = (response: Awaited<ReturnType<typeof upload>>, pattern: RegExp) => {
    expect(response.statusCode, response.body).toBe(422);
    const body = response.json();
    expect(body).toMatchObject({ success: false, status: 422 });
    expect(body.errors.photo[0]).toMatch(pattern);
  };
  const photoCount = async (m: Member) =>
    Number((await t.database.db.selectFrom('user_photos').select((eb) => eb.fn.countAll<string | number>().as('n')).where('user_id', '=', m.user.id).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    t = await buildTestApp({ PHOTO_MAX_BYTES: String(MAX_BYTES) });
  });
  afterAll(async () => t.close());

  it('requires authentication on every endpoint', async () => {
    const calls = [
      call(null, 'GET', '/profile/photos'),
      upload(null, await jpeg(10, 10)),
      call(null, 'PUT', '/profile/photos/order', { photo_ids: ['x'] }),
      call(null, 'PUT', '/profile/photos/abc/primary'),
      call(null, 'DELETE', '/profile/photos/abc'),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, status: 401 });
    }
  });

  it('lists no photos at first, with the limits the client checks', async () => {
    const m = await buildMember(t.app);
    const response = await call(m, 'GET', '/profile/photos');
    expect(response.statusCode).toBe(200);
    expect(PhotoListSchema.parse(response.json().data)).toEqual({ photos: [], max_photos: PHOTOS_MAX, max_bytes: MAX_BYTES });
  });

  it('stores an upload as WebP sizes under random keys; the first photo is the main one', async () => {
    const m = await buildMember(t.app);
    const response = await upload(m, await jpeg(2400, 1600), 'beach.JPG');
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Your photo has been added.');
    const photo = PhotoSchema.parse(response.json().data);
    expect(photo).toMatchObject({ position: 0, is_primary: true, width: 1080, height: 720 });
    expect(photo.url).toBe(photo.sizes.large);
    expect(photo.url).not.toContain(m.user.id);
    for (const [size, edge] of [['large', 1080], ['medium', 540], ['thumb', 160]] as const) {
      const media = await t.app.inject({ method: 'GET', url: new URL(photo.sizes[size], 'http://x').pathname });
      expect(media.statusCode).toBe(200);
      expect(media.headers['content-type']).toBe('image/webp');
      const meta = await sharp(media.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(Math.max(meta.width, meta.height)).toBe(edge);
    }
    const second = await uploadOk(m, '#3344aa');
    expect(second).toMatchObject({ position: 1, is_primary: false });
    expect((await list(m)).map((p) => p.id)).toEqual([photo.id, second.id]);
    // The header avatar is the main photo's thumbnail.
    const me = (await call(m, 'GET', '/auth/user')).json().data.user;
    expect(me.avatar_url).toBe(photo.sizes.thumb);
    // The profile shows the photos and no longer lists "photo" as missing.
    const profile = (await call(m, 'GET', '/profile')).json().data;
    expect(profile.photos.map((p: Photo) => p.id)).toEqual([photo.id, second.id]);
    expect(profile.completion.missing.map((x: { field: string }) => x.field)).not.toContain('photos');
  });

  it('strips every bit of metadata: an upload with GPS EXIF leaves copies without any EXIF', async () => {
    const m = await buildMember(t.app);
    const withGps = await image(1200, 900, '#2a9d8f')
      .withExif({
        IFD0: { Make: 'SpyCam', Model: 'Tracker 3000', Copyright: 'Secret Owner' },
        IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 55/1 3/1', GPSLongitudeRef: 'E', GPSLongitude: '18/1 25/1 26/1' },
      })
      .jpeg()
      .toBuffer();
    const input = await sharp(withGps).metadata();
    expect(input.exif).toBeDefined();
    expect(gpsLatitudeRef(input.exif!)).toBe('S');

    const response = await upload(m, withGps);
    expect(response.statusCode).toBe(201);
    const photo = PhotoSchema.parse(response.json().data);
    for (const url of Object.values(photo.sizes)) {
      const bytes = await readAll(url);
      expect(bytes).not.toBeNull();
      const meta = await sharp(bytes!).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      const text = bytes!.toString('latin1');
      for (const needle of ['Exif', 'SpyCam', 'Tracker', 'Secret Owner', 'GPS']) expect(text).not.toContain(needle);
    }
  });

  it('accepts PNG, WebP and AVIF (HEIF container); HEIC follows what this sharp build can decode', async () => {
    const m = await buildMember(t.app);
    for (const [buffer, name, type] of [
      [await image(300, 200).png().toBuffer(), 'a.png', 'image/png'],
      [await image(300, 200).webp().toBuffer(), 'b.webp', 'image/webp'],
      [await image(300, 200).avif().toBuffer(), 'c.avif', 'image/avif'],
    ] as const) {
      const response = await upload(m, buffer, name, type);
      expect(response.statusCode, name).toBe(201);
    }
    expect(canDecodeHeic()).toBe(Boolean(sharp.format.heif.input.fileSuffix?.includes('.heic')));
  });

  it('says plainly when a HEIC photo cannot be read by this build', onlyIf(!canDecodeHeic(), 'this build of sharp decodes HEIC, so there is no unreadable-HEIC answer to check'), async () => {
    const m = await buildMember(t.app);
    const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(4), Buffer.from('mif1heic')]);
    const heic = Buffer.concat([ftyp, Buffer.alloc(2_000, 7)]);
    expectPhotoError(await upload(m, heic, 'IMG_0001.HEIC', 'image/heic'), /HEIC photos cannot be read/);
  });

  it('refuses a text file renamed .jpg with a 422 on photo', async () => {
    const m = await buildMember(t.app);
    expectPhotoError(await upload(m, 'Dear diary, this is not a picture at all.\n'.repeat(20), 'holiday.jpg', 'image/jpeg'), /not an image/i);
    expect(await photoCount(m)).toBe(0);
  });

  it('refuses formats that are not photos (SVG) with a 422', async () => {
    const m = await buildMember(t.app);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="red"/></svg>';
    expectPhotoError(await upload(m, svg, 'pic.svg', 'image/svg+xml'), /not supported/i);
  });

  it('refuses a PNG over 50 megapixels (it decodes at full size) with a 422', async () => {
    const m = await buildMember(t.app);
    const huge = await image(10_050, 5_000, '#444444').png({ compressionLevel: 9 }).toBuffer();
    expect(huge.length).toBeLessThan(MAX_BYTES);
    expectPhotoError(await upload(m, huge, 'huge.png', 'image/png'), /too many pixels/i);
    expect(await photoCount(m)).toBe(0);
  });

  it('scales a phone photo of over 50 megapixels down instead of refusing it (issue 32)', async () => {
    const m = await buildMember(t.app);
    const phone = await image(9_000, 6_000, '#336699').jpeg({ quality: 50 }).toBuffer();
    expect(phone.length).toBeLessThan(MAX_BYTES);
    const response = await upload(m, phone, 'phone.jpg');
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await t.database.db.selectFrom('user_photos').select(['width', 'height']).where('user_id', '=', m.user.id).execute();
    expect(row).toEqual({ width: 1080, height: 720 });
  });

  it('refuses a file over the byte limit with a 422 (never 413 or 500)', async () => {
    const m = await buildMember(t.app);
    const big = Buffer.alloc(MAX_BYTES + 50_000, 0xab);
    const response = await upload(m, big, 'big.jpg');
    expectPhotoError(response, /too large.*MB/i);
    expect(await photoCount(m)).toBe(0);
  });

  it('refuses a request without a photo with a 422', async () => {
    const m = await buildMember(t.app);
    const onlyText = multipart([{ name: 'caption', data: 'hello' }]);
    const noFile = await t.app.inject({ method: 'POST', url: '/api/profile/photos', payload: onlyText.payload, headers: { ...onlyText.headers, ...bearer(m.token) } });
    expectPhotoError(noFile, /choose a photo/i);
    expectPhotoError(await upload(m, await jpeg(50, 50), 'a.jpg', 'image/jpeg', 'picture'), /choose a photo/i);
    expectPhotoError(await upload(m, Buffer.alloc(0), 'empty.jpg'), /choose a photo/i);
    const json = await t.app.inject({ method: 'POST', url: '/api/profile/photos', payload: { photo: 'x' }, headers: bearer(m.token) });
    expect(json.statusCode).toBe(422);
    expect(json.json().errors.photo).toBeDefined();
    expect(await photoCount(m)).toBe(0);
  });

  it(`accepts ${PHOTOS_MAX} photos and refuses the next with a 422`, async () => {
    const m = await buildMember(t.app);
    for (let i = 0; i < PHOTOS_MAX; i += 1) await uploadOk(m);
    expectPhotoError(await upload(m, await jpeg(100, 100)), new RegExp(`at most ${PHOTOS_MAX} photos`));
    expect(await photoCount(m)).toBe(PHOTOS_MAX);
    expect((await list(m)).map((p) => p.position)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('never passes the limit with uploads at the same time', async () => {
    const m = await buildMember(t.app);
    const body = await jpeg(200, 150);
    const responses = await Promise.all(Array.from({ length: PHOTOS_MAX + 3 }, () => upload(m, body)));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(PHOTOS_MAX);
    expect(statuses.filter((s) => s === 422)).toHaveLength(3);
    const photos = await list(m);
    expect(photos).toHaveLength(PHOTOS_MAX);
    expect(new Set(photos.map((p) => p.position)).size).toBe(PHOTOS_MAX);
    expect(photos.filter((p) => p.is_primary)).toHaveLength(1);
  });

  it('PUT /profile/photos/order takes exactly my photo ids in a new order', async () => {
    const m = await buildMember(t.app);
    const other = await buildMember(t.app);
    const [a, b, c] = [await uploadOk(m), await uploadOk(m), await uploadOk(m)];
    const theirs = await uploadOk(other);
    const response = await call(m, 'PUT', '/profile/photos/order', { photo_ids: [c.id, a.id, b.id] });
    expect(response.statusCode).toBe(200);
    const photos = PhotoListSchema.parse(response.json().data).photos;
    expect(photos.map((p) => [p.id, p.position])).toEqual([[c.id, 0], [a.id, 1], [b.id, 2]]);
    // The main photo stays the main photo wherever it is.
    expect(photos.find((p) => p.is_primary)?.id).toBe(a.id);

    for (const ids of [[c.id, a.id], [c.id, a.id, b.id, b.id], [c.id, a.id, theirs.id], [c.id, a.id, b.id, theirs.id], [c.id, a.id, 'nope'], []]) {
      const bad = await call(m, 'PUT', '/profile/photos/order', { photo_ids: ids });
      expect(bad.statusCode, JSON.stringify(ids)).toBe(422);
      expect(Object.keys(bad.json().errors)[0]).toMatch(/^photo_ids/);
    }
    expect((await call(m, 'PUT', '/profile/photos/order', { photo_ids: 'x' })).statusCode).toBe(422);
    expect((await list(m)).map((p) => p.id)).toEqual([c.id, a.id, b.id]);
    expect((await list(other)).map((p) => p.id)).toEqual([theirs.id]);
  });

  it('PUT /profile/photos/{id}/primary makes that photo the only main one', async () => {
    const m = await buildMember(t.app);
    const [a, b] = [await uploadOk(m), await uploadOk(m)];
    const response = await call(m, 'PUT', `/profile/photos/${b.id}/primary`);
    expect(response.statusCode).toBe(200);
    const photos = PhotoListSchema.parse(response.json().data).photos;
    expect(photos.map((p) => [p.id, p.is_primary, p.position])).toEqual([[a.id, false, 0], [b.id, true, 1]]);
    expect((await call(m, 'GET', '/auth/user')).json().data.user.avatar_url).toBe(b.sizes.thumb);
    // again: idempotent
    expect((await call(m, 'PUT', `/profile/photos/${b.id}/primary`)).statusCode).toBe(200);
    expect((await list(m)).filter((p) => p.is_primary).map((p) => p.id)).toEqual([b.id]);
  });

  it("another member's photo id (or an unknown one) is a 404 and changes nothing", async () => {
    const m = await buildMember(t.app);
    const other = await buildMember(t.app);
    const mine = await uploadOk(m);
    const [theirs, theirSecond] = [await uploadOk(other), await uploadOk(other)];
    for (const response of [
      await call(m, 'PUT', `/profile/photos/${theirSecond.id}/primary`),
      await call(m, 'DELETE', `/profile/photos/${theirs.id}`),
      await call(m, 'PUT', '/profile/photos/no-such-photo/primary'),
      await call(m, 'DELETE', '/profile/photos/no-such-photo'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, status: 404 });
    }
    expect((await list(other)).map((p) => [p.id, p.is_primary])).toEqual([[theirs.id, true], [theirSecond.id, false]]);
    expect(await readAll(theirs.url)).not.toBeNull();
    expect((await list(m)).map((p) => p.id)).toEqual([mine.id]);
  });

  it('DELETE removes the stored files; the first remaining photo becomes main; positions close up', async () => {
    const m = await buildMember(t.app);
    const [a, b, c] = [await uploadOk(m), await uploadOk(m), await uploadOk(m)];
    await call(m, 'PUT', '/profile/photos/order', { photo_ids: [b.id, a.id, c.id] });

    const response = await call(m, 'DELETE', `/profile/photos/${a.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('The photo has been deleted.');
    const photos = PhotoListSchema.parse(response.json().data).photos;
    expect(photos.map((p) => [p.id, p.position, p.is_primary])).toEqual([[b.id, 0, true], [c.id, 1, false]]);
    for (const url of Object.values(a.sizes)) expect(await stored(url)).toBeNull();
    const media = await t.app.inject({ method: 'GET', url: new URL(a.url, 'http://x').pathname });
    expect(media.statusCode).toBe(404);
    expect((await call(m, 'GET', '/auth/user')).json().data.user.avatar_url).toBe(b.sizes.thumb);

    // Deleting a photo that is not the main one keeps the main one.
    const again = PhotoListSchema.parse((await call(m, 'DELETE', `/profile/photos/${c.id}`)).json().data).photos;
    expect(again.map((p) => [p.id, p.position, p.is_primary])).toEqual([[b.id, 0, true]]);
    expect((await call(m, 'DELETE', `/profile/photos/${c.id}`)).statusCode).toBe(404);

    const last = PhotoListSchema.parse((await call(m, 'DELETE', `/profile/photos/${b.id}`)).json().data).photos;
    expect(last).toEqual([]);
    expect((await call(m, 'GET', '/auth/user')).json().data.user.avatar_url).toBeNull();
    // A new first photo is the main one again.
    expect(await uploadOk(m)).toMatchObject({ position: 0, is_primary: true });
  });
});
