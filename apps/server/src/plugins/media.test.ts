import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_BACKENDS, type StorageBackend } from '../../test/helpers/storage-backends';
import { processPhoto } from '../adapters/storage/images';
import { newPhotoKey, photoVariantKey, storePhoto } from '../adapters/storage/photos';
import { createS3Client, S3Storage } from '../adapters/storage/s3-storage';
import { StorageUnavailableError, type PhotoStorage } from '../adapters/storage/storage';
import { errorsPlugin } from './errors';
import { registerMedia } from './media';

// The same route over each store: local disk, and S3 streamed from a real S3-compatible server.
describe.each(Object.entries(STORAGE_BACKENDS))('media plugin: %s', (_name, start) => {
  let backend: StorageBackend;
  let app: FastifyInstance;
  let storage: PhotoStorage;
  let key: string;
  /** A file beside the photos (local disk): no URL may reach it. */
  const outside = () => path.join(backend.dataDir ?? '/nonexistent', 'outside.webp');

  beforeAll(async () => {
    backend = await start();
    storage = backend.photos;
    const image = await sharp({ create: { width: 400, height: 500, channels: 3, background: '#ff8fab' } }).jpeg().toBuffer();
    ({ storageKey: key } = await storePhoto(storage, await processPhoto(image)));
    if (backend.dataDir) fs.writeFileSync(outside(), 'not for you');
    app = Fastify();
    await registerMedia(app, { storage });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await backend?.close();
  });

  it('serves every size of a stored photo as immutable WebP', async () => {
    for (const size of ['large', 'medium', 'thumb'] as const) {
      const url = storage.urlFor(photoVariantKey(key, size));
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(Math.max(meta.width, meta.height)).toBe(size === 'large' ? 500 : size === 'medium' ? 500 : 160);
    }
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await app.inject({ method: 'HEAD', url: storage.urlFor(key) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.payload).toBe('');
  });

  it('answers unknown keys with the 404 API error object', async () => {
    for (const url of ['/media/photos/AAAAAAAAAAAAAAAAAAAAAA/large.webp', '/media/', '/media/photos', '/media/photos/x/large.exe']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['cache-control']).toBeUndefined();
      const body = res.json();
      expect(body).toMatchObject({ success: false, message: 'Resource not found.', status: 404 });
      expect(Number.isNaN(Date.parse(body.timestamp))).toBe(false);
    }
  });

  it('refuses path traversal', async () => {
    for (const url of [
      '/media/..%2Foutside.webp', '/media/photos/..%2F..%2Foutside.webp', '/media/%2e%2e/outside.webp',
      '/media/photos/%2e%2e/%2e%2e/outside.webp', '/media/..%5Coutside.webp', `/media/${encodeURIComponent(outside())}`,
      '/media//etc/passwd.webp',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.payload).not.toContain('not for you');
    }
  });
});

describe('S3 storage when the store does not answer', () => {
  it('fails with StorageUnavailableError, which the media route answers 503 (not a 500, not a 404)', async () => {
    // A port nothing listens on any more: every connection is refused.
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const client = createS3Client({
      bucket: 'gone', endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true,
    });
    const storage = new S3Storage({ client, bucket: 'gone', prefix: 'media/' });
    const app = Fastify();
    try {
      const key = newPhotoKey();
      await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toBeInstanceOf(StorageUnavailableError);
      await expect(storage.get(key)).rejects.toThrow(/^S3 GetObject failed: ECONNREFUSED$/);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(StorageUnavailableError);

      await app.register(errorsPlugin);
      await registerMedia(app, { storage });
      const res = await app.inject({ method: 'GET', url: storage.urlFor(key) });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ success: false, status: 503, code: 'unavailable' });
    } finally {
      await app.close();
      client.destroy();
    }
  });
});
