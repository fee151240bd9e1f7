import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BODY_TYPES, DRINKING_HABITS, GENDERS, INTEREST_CATALOGUE, LOVE_LANGUAGES, MARITAL_STATUSES, PROVINCES, RELATIONSHIP_TYPES,
} from '@linkup/contract';
import { LocalDiskStorage } from '../adapters/storage/local-disk-storage';
import { photoVariantKey } from '../adapters/storage/photos';
import { cityCell } from '../lib/geo';
import { ageFromBirthDate } from '../lib/time';
import { verifyPassword } from '../lib/password';
import { createTestDatabase, testDialect, type TestDatabase } from '../../test/helpers/database';
import { toBool } from '../db/schema';
import { DEMO_ACTIVITY } from './activity';
import { DEMO_ACCOUNT } from './demo-account';
import { DEMO_FEED } from './feed';
import { generateDemoMember } from './members';
import { seedDemoData } from './seed';

const COUNT = 20;

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe(`seedDemoData (${testDialect()})`, () => {
  let database: TestDatabase;
  let dataDir: string;
  let storage: LocalDiskStorage;
  let first: Awaited<ReturnType<typeof seedDemoData>>;
  const logs: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-seed-'));
    storage = new LocalDiskStorage({ dataDir });
    first = await seedDemoData(database.db, { count: COUNT, storage, log: (m) => logs.push(m) });
  }, 60_000);
  afterAll(async () => {
    await database?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives every member dating preferences that include their own age range and a gender', async () => {
    const rows = await database.db
      .selectFrom('user_preferences')
      .innerJoin('users', 'users.id', 'user_preferences.user_id')
      .select(['user_preferences.genders', 'age_min', 'age_max', 'date_of_birth', 'email'])
      .execute();
    expect(rows).toHaveLength(COUNT + 1);
    for (const row of rows) {
      expect((JSON.parse(row.genders) as string[]).length).toBeGreaterThan(0);
      for (const gender of JSON.parse(row.genders) as string[]) expect(GENDERS).toContain(gender);
      expect(row.age_min).toBeGreaterThanOrEqual(18);
      expect(row.age_max).toBeGreaterThan(row.age_min);
      if (row.email !== DEMO_ACCOUNT.email) {
        const age = ageFromBirthDate(row.date_of_birth!);
        expect(age).toBeGreaterThanOrEqual(row.age_min);
        expect(age).toBeLessThanOrEqual(row.age_max);
      }
    }
  });

  it('creates the demo account and `count` demo members, all complete and verified', async () => {
    expect(first).toEqual({ created: COUNT, skipped: false });
    expect(logs.at(-1)).toMatch(/Seeded the demo account and 20 demo members/);
    const users = await database.db.selectFrom('users').selectAll().execute();
    expect(users).toHaveLength(COUNT + 1);
    for (const user of users) {
      expect(toBool(user.is_demo)).toBe(true);
      expect(toBool(user.profile_completed)).toBe(true);
      for (const column of ['onboarding_completed_at', 'email_verified_at', 'phone_verified_at', 'last_active_at'] as const) {
        expect(Number.isNaN(Date.parse(user[column] ?? '')), column).toBe(false);
      }
      expect(Date.parse(user.last_active_at!)).toBeGreaterThan(Date.now() - 14 * 24 * 3600_000 - 60_000);
      expect(Date.parse(user.created_at)).toBeLessThanOrEqual(Date.parse(user.last_active_at!));
      const age = ageFromBirthDate(user.date_of_birth!);
      expect(age).toBeGreaterThanOrEqual(18);
      expect(age).toBeLessThanOrEqual(60);
      expect(GENDERS).toContain(user.gender);
      expect(PROVINCES[user.province!]).toContain(user.city);
      // A coarse cell (the city's), never coordinates.
      expect(user.location_cell).toBe(cityCell(user.city));
      expect(user.location_cell).toMatch(/^[0-9b-hjkmnp-z]{5}$/);
      expect(MARITAL_STATUSES).toContain(user.marital_status);
      expect(BODY_TYPES).toContain(user.body_type);
      expect(RELATIONSHIP_TYPES).toContain(user.relationship_type);
      expect(DRINKING_HABITS).toContain(user.how_often_drink);
      expect(LOVE_LANGUAGES).toContain(user.love_language);
      expect(user.height_cm).toBeGreaterThanOrEqual(145);
      expect(user.height_cm).toBeLessThanOrEqual(205);
      expect(user.job_title).toBeTruthy();
      expect(user.education).toBeTruthy();
      expect(user.about!.length).toBeGreaterThan(40);
      expect(user.about!.length).toBeLessThanOrEqual(1000);
      expect(user.about).not.toMatch(/lorem|ipsum|undefined|\{|\}/i);
      expect(user.phone_number).toMatch(/^\+2782\d{7}$/);
      expect(user.email).toMatch(/^[a-z0-9.]+@(demo\.)?linkup\.app$/);
    }
    expect(new Set(users.map((u) => u.email)).size).toBe(users.length);
    expect(new Set(users.map((u) => u.phone_number)).size).toBe(users.length);
    expect(new Set(users.map((u) => u.id)).size).toBe(users.length);
  });

  it('gives the demo account its documented credentials and a complete profile', async () => {
    const account = await database.db.selectFrom('users').selectAll().where('email', '=', DEMO_ACCOUNT.email).executeTakeFirstOrThrow();
    expect(account).toMatchObject({ name: DEMO_ACCOUNT.name, phone_number: DEMO_ACCOUNT.mobile, city: 'Johannesburg' });
    expect(account.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(account.password_hash!, DEMO_ACCOUNT.password)).toBe(true);
    expect(await verifyPassword(account.password_hash!, 'wrong-password')).toBe(false);
    const hashes = await database.db.selectFrom('users').select('password_hash').distinct().execute();
    expect(hashes).toHaveLength(1);
  });

  it('gives the demo account matches with a conversation each, likes waiting to be returned and visitors', async () => {
    const db = database.db;
    const demo = await db.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNT.email).executeTakeFirstOrThrow();
    const matches = await db.selectFrom('matches').selectAll().execute();
    expect(matches.length).toBeGreaterThanOrEqual(1);
    expect(matches.length).toBeLessThanOrEqual(DEMO_ACTIVITY.matches);
    for (const match of matches) {
      const other = match.user_a === demo.id ? match.user_b : match.user_a;
      expect([match.user_a, match.user_b]).toContain(demo.id);
      expect(match.unmatched_at).toBeNull();
      const both = await db.selectFrom('swipes').select(['actor_id', 'action']).where('actor_id', 'in', [demo.id, other]).where('target_id', 'in', [demo.id, other]).execute();
      expect(both.map((s) => s.actor_id).sort()).toEqual([demo.id, other].sort());
      expect(both.every((s) => s.action !== 'pass')).toBe(true);
      const members = await db.selectFrom('chat_room_members').select(['user_id', 'name']).where('room_id', '=', match.chat_room_id!).execute();
      expect(members.map((m) => m.user_id).sort()).toEqual([demo.id, other].sort());
      expect(members.every((m) => m.name.startsWith('Chat with '))).toBe(true);
      const messages = await db.selectFrom('chat_messages').select('user_id').where('room_id', '=', match.chat_room_id!).execute();
      expect(messages.length).toBeGreaterThanOrEqual(2);
    }
    const matchedIds = new Set(matches.flatMap((m) => [m.user_a, m.user_b]));
    const likers = await db.selectFrom('swipes').select(['actor_id', 'action']).where('target_id', '=', demo.id).execute();
    const waiting = likers.filter((l) => !matchedIds.has(l.actor_id));
    expect(waiting.length).toBeGreaterThanOrEqual(1);
    expect(waiting.every((l) => l.action === 'like' || l.action === 'super_like')).toBe(true);
    const visits = await db.selectFrom('profile_visits').select('viewer_id').where('viewed_id', '=', demo.id).execute();
    expect(visits.length).toBeGreaterThanOrEqual(1);
    expect(visits.some((v) => v.viewer_id === demo.id)).toBe(false);
  });

  it('creates the interest catalogue and gives everyone 3–6 interests from it', async () => {
    const interests = await database.db.selectFrom('interests').select('name').execute();
    expect(interests.map((i) => i.name).sort()).toEqual([...INTEREST_CATALOGUE].sort());
    const counts = await database.db
      .selectFrom('users')
      .leftJoin('user_interests', 'user_interests.user_id', 'users.id')
      .select(['users.id', (eb) => eb.fn.count<number>('user_interests.interest_id').as('n')])
      .groupBy('users.id')
      .execute();
    expect(counts).toHaveLength(COUNT + 1);
    for (const { n } of counts) {
      expect(Number(n)).toBeGreaterThanOrEqual(3);
      expect(Number(n)).toBeLessThanOrEqual(6);
    }
  });

  it('gives everyone 1–3 photos, exactly one primary, stored as clean WebP in every size', async () => {
    const photos = await database.db.selectFrom('user_photos').selectAll().orderBy('user_id').orderBy('position').execute();
    const byUser = groupBy(photos, (p) => p.user_id);
    expect(byUser.size).toBe(COUNT + 1);
    for (const list of byUser.values()) {
      expect(list.length).toBeGreaterThanOrEqual(1);
      expect(list.length).toBeLessThanOrEqual(3);
      expect(list.map((p) => p.position)).toEqual(list.map((_, i) => i));
      expect(list.filter((p) => toBool(p.is_primary)).map((p) => p.position)).toEqual([0]);
    }
    for (const photo of photos) {
      expect(photo.storage_key).toMatch(/^photos\/[A-Za-z0-9_-]{22}\/large\.webp$/);
      for (const size of ['large', 'medium', 'thumb'] as const) {
        const object = await storage.get(photoVariantKey(photo.storage_key, size));
        expect(object, size).not.toBeNull();
        const bytes = Buffer.isBuffer(object!.body) ? object!.body : await buffer(object!.body as Readable);
        const meta = await sharp(bytes).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        if (size === 'large') expect({ width: meta.width, height: meta.height }).toEqual({ width: photo.width, height: photo.height });
      }
      expect(Math.max(photo.width, photo.height)).toBe(1080);
    }
    const postPhotos = await database.db.selectFrom('feed_post_images').select('storage_key').execute();
    const files = filesUnder(storage.root);
    expect(files).toHaveLength((photos.length + postPhotos.length) * 3);
    expect(files.every((f) => !f.includes(photos[0]!.user_id))).toBe(true);
  });

  it('gives the demo account a feed of posts it may see, its own post with likes, and a few notifications', async () => {
    const db = database.db;
    const demo = await db.selectFrom('users').select(['id', 'date_of_birth']).where('email', '=', DEMO_ACCOUNT.email).executeTakeFirstOrThrow();
    const age = ageFromBirthDate(demo.date_of_birth!);
    const posts = await db.selectFrom('feed_posts as p').innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.id', 'p.user_id', 'u.gender', 'u.date_of_birth', 'p.preferred_age_min', 'p.preferred_age_max']).execute();
    expect(posts.length).toBeGreaterThan(COUNT / 4);
    const own = posts.find((p) => p.user_id === demo.id);
    expect(own).toBeDefined();
    // Women of 24–36 (the demo account's dealbreakers) whose partner age range includes the demo account.
    const visible = posts.filter((p) => p.user_id !== demo.id && p.gender === 'female' && p.preferred_age_min <= age && p.preferred_age_max >= age
      && ageFromBirthDate(p.date_of_birth!) >= 24 && ageFromBirthDate(p.date_of_birth!) <= 36);
    expect(visible.length).toBeGreaterThanOrEqual(1);
    const images = await db.selectFrom('feed_post_images').selectAll().execute();
    const profileKeys = new Set((await db.selectFrom('user_photos').select('storage_key').execute()).map((r) => r.storage_key));
    expect(images.length).toBe(posts.length);
    expect(images.every((i) => i.slot === 1 && i.post_id !== null && !profileKeys.has(i.storage_key))).toBe(true);

    const likes = await db.selectFrom('feed_post_likes').selectAll().where('post_id', '=', own!.id).execute();
    expect(likes.length).toBeGreaterThanOrEqual(1);
    expect(likes.every((l) => l.user_id !== demo.id)).toBe(true);
    const inbox = await db.selectFrom('notifications').selectAll().where('user_id', '=', demo.id).execute();
    expect(inbox).toHaveLength(likes.length);
    expect(inbox.every((n) => n.type === 'post_like' && likes.some((l) => l.user_id === n.actor_id))).toBe(true);
    expect(inbox.filter((n) => !toBool(n.is_read)).length).toBe(Math.min(DEMO_FEED.unreadNotifications, inbox.length));
    const allLikes = await db.selectFrom('feed_post_likes as l').innerJoin('feed_posts as p', 'p.id', 'l.post_id').select(['l.user_id', 'p.user_id as author']).execute();
    expect(allLikes.every((l) => l.user_id !== l.author)).toBe(true);
  });

  it('runs once: a second run creates nothing and touches no file', async () => {
    const before = filesUnder(storage.root).length;
    const again = await seedDemoData(database.db, { count: COUNT, storage });
    expect(again).toEqual({ created: 0, skipped: true });
    const users = await database.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(users.n)).toBe(COUNT + 1);
    const interests = await database.db.selectFrom('interests').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(interests.n)).toBe(INTEREST_CATALOGUE.length);
    expect(filesUnder(storage.root)).toHaveLength(before);
  });
});

describe(`seedDemoData racing itself (${testDialect()})`, () => {
  let database: TestDatabase;
  let dataDir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-seed-race-'));
  });
  afterAll(async () => {
    await database?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets exactly one of two concurrent seeders commit; the other leaves no rows or files behind', async () => {
    const storage = new LocalDiskStorage({ dataDir });
    const results = await Promise.all([
      seedDemoData(database.db, { count: 4, storage }),
      seedDemoData(database.db, { count: 4, storage }),
    ]);
    expect(results.map((r) => r.skipped).sort()).toEqual([false, true]);
    expect(results.find((r) => !r.skipped)!.created).toBe(4);
    const users = await database.db.selectFrom('users').select('email').execute();
    expect(users).toHaveLength(5);
    const photos = await database.db.selectFrom('user_photos').select('storage_key').execute();
    const postPhotos = await database.db.selectFrom('feed_post_images').select('storage_key').execute();
    expect(filesUnder(storage.root)).toHaveLength((photos.length + postPhotos.length) * 3);
  }, 60_000);
});

describe('generated demo members', () => {
  it('are deterministic for a seed and varied across members', () => {
    const now = new Date('2025-06-01T12:00:00Z');
    const a = generateDemoMember(7, 42, now);
    const b = generateDemoMember(7, 42, now);
    expect(b).toEqual(a);
    expect(generateDemoMember(7, 43, now)).not.toEqual(a);

    const members = Array.from({ length: 200 }, (_, i) => generateDemoMember(i, 42, now));
    const genders = groupBy(members, (m) => m.gender);
    expect(genders.get('female')!.length).toBeGreaterThan(70);
    expect(genders.get('male')!.length).toBeGreaterThan(70);
    expect(genders.get('non_binary')?.length ?? 0).toBeGreaterThan(2);
    const cities = groupBy(members, (m) => m.city);
    expect(cities.size).toBeGreaterThan(15);
    expect(cities.get('Johannesburg')!.length).toBeGreaterThan(cities.get('Upington')?.length ?? 0);
    expect(new Set(members.map((m) => m.about)).size).toBeGreaterThan(190);
    expect(new Set(members.map((m) => m.name)).size).toBeGreaterThan(170);
    expect(new Set(members.map((m) => m.email)).size).toBe(200);
    expect(members.every((m) => m.phoneNumber !== DEMO_ACCOUNT.mobile)).toBe(true);
    const ages = members.map((m) => ageFromBirthDate(m.dateOfBirth, now));
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(18);
    expect(Math.max(...ages)).toBeLessThanOrEqual(60);
    expect(ages.every((age, i) => age === members[i]!.age)).toBe(true);
  });
});
