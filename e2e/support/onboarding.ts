// Onboarding for end-to-end tests. A member who has just registered is sent to /onboarding/welcome
// until onboarding is finished; tests about something else finish it through the API first.
import { deflateSync } from 'node:zlib';
import { expect, type APIRequestContext } from '@playwright/test';
import type { StoredSession } from './session';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of `size`×`size` pixels in one colour with a lighter diagonal (photo uploads need an image). */
export function pngBuffer(size = 64, rgb: [number, number, number] = [214, 51, 132]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 3);
    rows[row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const light = Math.abs(x - y) < 3 ? 60 : 0;
      rows.set(rgb.map((v) => Math.min(255, v + light)), row + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function call(request: APIRequestContext, session: StoredSession, method: 'get' | 'post' | 'put', path: string, options: { data?: unknown; multipart?: Record<string, unknown> } = {}): Promise<unknown> {
  const response = await request[method](`/api${path}`, {
    headers: { Authorization: `Bearer ${session.token}` },
    ...(options.data !== undefined ? { data: options.data } : {}),
    ...(options.multipart ? { multipart: options.multipart as never } : {}),
  });
  expect(response.ok(), `${method.toUpperCase()} ${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: unknown }).data;
}

/**
 * Finishes onboarding for a freshly registered member through the API, as the flow would: one
 * photo, about me, gender and what they are looking for, interests, dating preferences (women and
 * men 18–99, so the member sees everyone) and a city. Returns the session with the updated user.
 */
export async function completeOnboardingThroughApi(request: APIRequestContext, session: StoredSession): Promise<StoredSession> {
  await call(request, session, 'post', '/profile/photos', {
    multipart: { photo: { name: 'me.png', mimeType: 'image/png', buffer: pngBuffer() } },
  });
  await call(request, session, 'put', '/profile', {
    data: { about: 'I love long walks on the beach and good coffee.', gender: 'female', relationship_type: 'long_term' },
  });
  await call(request, session, 'put', '/profile/interests', { data: { interests: ['Hiking', 'Coffee', 'Music'] } });
  await call(request, session, 'put', '/preferences', {
    data: { genders: ['male', 'female', 'non_binary'], age_min: 18, age_max: 99, max_distance_km: null },
  });
  await call(request, session, 'post', '/preferences/location', { data: { city: 'Cape Town', province: 'Western Cape' } });
  const done = (await call(request, session, 'post', '/onboarding/complete')) as { user: StoredSession['user'] };
  return { token: session.token, user: done.user };
}
