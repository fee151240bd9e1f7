import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './local-disk-storage';
import { deleteStoredPhoto, newPhotoKey, photoUrls, photoVariantKey } from './photos';
import { isValidStorageKey, StorageKeyError, type StoredObject } from './storage';

async function bytes(object: StoredObject): Promise<Buffer> {
  return Buffer.isBuffer(object.body) ? object.body : buffer(object.body as Readable);
}

describe('LocalDiskStorage', () => {
  let dataDir: string;
  let storage: LocalDiskStorage;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-storage-'));
    storage = new LocalDiskStorage({ dataDir });
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('stores files under <dataDir>/media and reads them back with their content type', async () => {
    const key = newPhotoKey();
    expect(key).toMatch(/^photos\/[A-Za-z0-9_-]{22}\/large\.webp$/);
    await storage.put(key, Buffer.from('webp bytes'), 'image/webp');
    expect(fs.existsSync(path.join(dataDir, 'media', ...key.split('/')))).toBe(true);

    const object = await storage.get(key);
    expect(object).not.toBeNull();
    expect(object!.contentType).toBe('image/webp');
    expect(object!.size).toBe(10);
    expect((await bytes(object!)).toString()).toBe('webp bytes');
    expect(fs.readdirSync(path.dirname(path.join(dataDir, 'media', key))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('answers null for a missing key and deletes idempotently', async () => {
    const key = newPhotoKey('thumb');
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, Buffer.from('x'), 'image/webp');
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(fs.existsSync(path.dirname(path.join(storage.root, key)))).toBe(false);
  });

  it('refuses traversal, absolute paths and odd keys on every operation', async () => {
    const outside = path.join(dataDir, 'secret.webp');
    fs.writeFileSync(outside, 'secret');
    const bad = [
      '../secret.webp', 'photos/../../secret.webp', '/etc/passwd', `${outside}`, 'photos\\..\\secret.webp', 'photos//a.webp',
      '.hidden.webp', 'photos/./a.webp', '', 'photos/a.exe', 'photos/a', `photos/${'a'.repeat(300)}.webp`, 'photos/a b.webp',
    ];
    for (const key of bad) {
      expect(isValidStorageKey(key), key).toBe(false);
      await expect(storage.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.get(key), key).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.delete(key), key).rejects.toBeInstanceOf(StorageKeyError);
      expect(() => storage.urlFor(key), key).toThrow(StorageKeyError);
    }
    expect(fs.readFileSync(outside, 'utf8')).toBe('secret');
  });

  it('refuses content that does not match the key’s extension', async () => {
    await expect(storage.put('photos/abc/large.webp', Buffer.from('x'), 'text/html')).rejects.toBeInstanceOf(StorageKeyError);
  });

  it('builds URLs under /media and derives every size of a photo from its large key', async () => {
    const key = 'photos/AbCdEfGhIjKlMnOpQrStUv/large.webp';
    expect(storage.urlFor(key)).toBe('/media/photos/AbCdEfGhIjKlMnOpQrStUv/large.webp');
    expect(photoVariantKey(key, 'thumb')).toBe('photos/AbCdEfGhIjKlMnOpQrStUv/thumb.webp');
    expect(photoUrls(storage, key)).toEqual({
      large: '/media/photos/AbCdEfGhIjKlMnOpQrStUv/large.webp',
      medium: '/media/photos/AbCdEfGhIjKlMnOpQrStUv/medium.webp',
      thumb: '/media/photos/AbCdEfGhIjKlMnOpQrStUv/thumb.webp',
    });
    expect(new LocalDiskStorage({ dataDir, baseUrl: 'https://cdn.example.test/media/' }).urlFor(key)).toBe(
      'https://cdn.example.test/media/photos/AbCdEfGhIjKlMnOpQrStUv/large.webp',
    );

    for (const size of ['large', 'medium', 'thumb'] as const) await storage.put(photoVariantKey(key, size), Buffer.from(size), 'image/webp');
    await deleteStoredPhoto(storage, key);
    expect(await storage.get(photoVariantKey(key, 'medium'))).toBeNull();
  });
});
