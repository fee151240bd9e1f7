// The photo storage contract (storage.ts `PhotoStorage`), the same cases against every adapter:
// local disk, and S3 over real HTTP to a local S3-compatible server (s3rver).
import { buffer } from 'node:stream/consumers';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_BACKENDS, type StorageBackend } from '../../../test/helpers/storage-backends';
import { PHOTO_SIZE_NAMES } from './images';
import { copyStoredPhoto, deleteStoredPhoto, newPhotoKey, photoVariantKey } from './photos';
import { isValidStorageKey, StorageKeyError, type StoredObject } from './storage';

async function bytes(object: StoredObject): Promise<Buffer> {
  return Buffer.isBuffer(object.body) ? object.body : buffer(object.body);
}

describe.each(Object.entries(STORAGE_BACKENDS))('photo storage contract: %s', (_name, start) => {
  let backend: StorageBackend;
  beforeAll(async () => {
    backend = await start();
  });
  afterAll(async () => backend?.close());

  it('reads back what it stored: the bytes as a stream, the content type and the size', async () => {
    const key = newPhotoKey();
    const body = Buffer.from('webp bytes, and some more of them');
    await backend.photos.put(key, body, 'image/webp');
    const object = await backend.photos.get(key);
    expect(object).not.toBeNull();
    expect(object!.body).toBeInstanceOf(Readable);
    expect(object!.contentType).toBe('image/webp');
    expect(object!.size).toBe(body.length);
    expect(await bytes(object!)).toEqual(body);
  });

  it('answers null (not an error) for a missing key, and deletes idempotently', async () => {
    const key = newPhotoKey('thumb');
    expect(await backend.photos.get(key)).toBeNull();
    await backend.photos.delete(key);
    await backend.photos.put(key, Buffer.from('x'), 'image/webp');
    await backend.photos.delete(key);
    await backend.photos.delete(key);
    expect(await backend.photos.get(key)).toBeNull();
  });

  it('refuses traversal, absolute paths and odd keys on every operation', async () => {
    const bad = [
      '../secret.webp', 'photos/../../secret.webp', '/etc/passwd', 'photos\\..\\secret.webp', 'photos//a.webp', '.hidden.webp',
      'photos/./a.webp', '', 'photos/a.exe', 'photos/a', `photos/${'a'.repeat(300)}.webp`, 'photos/a b.webp',
    ];
    for (const key of bad) {
      expect(isValidStorageKey(key), key).toBe(false);
      await expect(backend.photos.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toBeInstanceOf(StorageKeyError);
      await expect(backend.photos.get(key), key).rejects.toBeInstanceOf(StorageKeyError);
      await expect(backend.photos.delete(key), key).rejects.toBeInstanceOf(StorageKeyError);
      expect(() => backend.photos.urlFor(key), key).toThrow(StorageKeyError);
    }
  });

  it('refuses content that does not match the key’s extension', async () => {
    await expect(backend.photos.put(newPhotoKey(), Buffer.from('x'), 'text/html')).rejects.toBeInstanceOf(StorageKeyError);
  });

  it('serves photos at /media/<key> on either store, so URLs do not change with the store', () => {
    const key = 'photos/AbCdEfGhIjKlMnOpQrStUv/large.webp';
    expect(backend.photos.urlFor(key)).toBe('/media/photos/AbCdEfGhIjKlMnOpQrStUv/large.webp');
  });

  it('keeps selfies apart from photos: neither store reads the other’s objects', async () => {
    const selfie = 'selfies/AbCdEfGhIjKlMnOpQrStUv/selfie.jpg';
    await backend.selfies.put(selfie, Buffer.from('jpeg'), 'image/jpeg');
    expect(await backend.photos.get(selfie)).toBeNull();
    expect((await bytes((await backend.selfies.get(selfie))!)).toString()).toBe('jpeg');
    const photo = newPhotoKey();
    await backend.photos.put(photo, Buffer.from('webp'), 'image/webp');
    expect(await backend.selfies.get(photo)).toBeNull();
    if (backend.s3) {
      expect(await backend.s3.keys('verification/')).toEqual([`verification/${selfie}`]);
      expect(await backend.s3.keys('media/')).toContain(`media/${photo}`);
    }
    await backend.selfies.delete(selfie);
    expect(await backend.selfies.get(selfie)).toBeNull();
  });

  it('copies and deletes every size of a photo', async () => {
    const key = newPhotoKey();
    for (const size of PHOTO_SIZE_NAMES) await backend.photos.put(photoVariantKey(key, size), Buffer.from(size), 'image/webp');
    const copy = await copyStoredPhoto(backend.photos, key);
    expect(copy).not.toBe(key);
    await deleteStoredPhoto(backend.photos, key);
    for (const size of PHOTO_SIZE_NAMES) {
      expect(await backend.photos.get(photoVariantKey(key, size)), size).toBeNull();
      expect((await bytes((await backend.photos.get(photoVariantKey(copy, size)))!)).toString()).toBe(size);
    }
    await deleteStoredPhoto(backend.photos, copy);
    if (backend.s3) expect((await backend.s3.keys('media/')).filter((k) => k.includes(copy.split('/')[1]!))).toEqual([]);
  });
});
