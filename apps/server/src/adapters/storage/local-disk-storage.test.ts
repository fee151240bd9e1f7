import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './local-disk-storage';
import { deleteStoredPhoto, newPhotoKey, photoUrls, photoVariantKey } from './photos';
import { StorageKeyError, type StoredObject } from './storage';

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

  it('removes a photo’s directory with its last file', async () => {
    const key = newPhotoKey('thumb');
    await storage.put(key, Buffer.from('x'), 'image/webp');
    await storage.delete(key);
    expect(fs.existsSync(path.dirname(path.join(storage.root, key)))).toBe(false);
  });

  it('never reaches a file outside its folder (storage-contract.test.ts refuses every bad key)', async () => {
    const outside = path.join(dataDir, 'secret.webp');
    fs.writeFileSync(outside, 'secret');
    for (const key of ['../secret.webp', 'photos/../../secret.webp', outside]) {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.delete(key), key).rejects.toBeInstanceOf(StorageKeyError);
    }
    expect(fs.readFileSync(outside, 'utf8')).toBe('secret');
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
