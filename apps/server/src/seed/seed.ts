import os from 'node:os';
import type { Kysely } from 'kysely';
import { processPhoto } from '../adapters/storage/images';
import { copyStoredPhoto, deleteStoredPhoto, storePhoto, type StoredPhoto } from '../adapters/storage/photos';
import type { PhotoStorage } from '../adapters/storage/storage';
import { cityCell } from '../lib/geo';
import { newId } from '../lib/ids';
import { hashPassword } from '../lib/password';
import { ensureInterestCatalogue } from '../db/interest-catalogue';
import type { Database, NewUser } from '../db/schema';
import { seedDemoActivity } from './activity';
import { chunks } from './batches';
import { demoPosters, seedDemoFeed } from './feed';
import { changeOutfit, HAIR_COLOURS, renderAvatarSvg, sceneFor, SKIN_TONES, type AvatarLook, type Scene } from './avatars';
import { DEMO_ACCOUNT_BIO } from './bios';
import { DEMO_ACCOUNT } from './demo-account';
import { birthDateForAge, demoPreferences, generateDemoMember, type DemoMember, type DemoPreferences } from './members';
import { createRandom } from './random';
import { claimDemoAccount, hasDemoData as hasDemoRows, insertNewMembers, insertRows } from './seed.repository';

export interface SeedDemoDataOptions {
  /** How many demo members besides the demo account (DEMO_MEMBER_COUNT, default 200). */
  count: number;
  storage: PhotoStorage;
  log?: (msg: string) => void;
  /** PRNG seed: the same seed gives the same members. */
  seed?: number;
  /** The moment ages and "last active" times are measured from. */
  now?: Date;
  /** Photos rendered at once (default: CPU count, at least 2). */
  concurrency?: number;
}

export interface SeedDemoDataResult {
  /** Demo members created (the demo account not counted). */
  created: number;
  /** True when demo data was already there (or another process seeded it first). */
  skipped: boolean;
}

const DEFAULT_SEED = 20_250_601;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const USER_BATCH = 100;

/** Whether demo data has been seeded (the demo account or any demo member exists). */
export const hasDemoData = (db: Kysely<Database>): Promise<boolean> => hasDemoRows(db, DEMO_ACCOUNT.email);

/** The demo account's profile, in the same shape as a generated member. */
function demoAccountProfile(now: Date): DemoMember {
  const look: AvatarLook = {
    skin: SKIN_TONES[5], hair: HAIR_COLOURS.darkBrown, hairStyle: 'side_part', beard: true, glasses: true,
    earrings: false, top: '#33658a', topStyle: 'collar', accent: '#f4a261',
  };
  return {
    index: -1,
    name: DEMO_ACCOUNT.name,
    email: DEMO_ACCOUNT.email,
    phoneNumber: DEMO_ACCOUNT.mobile,
    gender: 'male',
    dateOfBirth: birthDateForAge(30, now, createRandom(DEFAULT_SEED)),
    age: 30,
    about: DEMO_ACCOUNT_BIO,
    city: 'Johannesburg',
    province: 'Gauteng',
    maritalStatus: 'single',
    bodyType: 'athletic',
    relationshipType: 'long_term',
    howOftenDrink: 'socially',
    loveLanguage: 'quality_time',
    heightCm: 180,
    jobTitle: 'Product designer',
    education: 'BA Information Design, University of Pretoria',
    interests: ['Hiking', 'Coffee', 'Live music', 'Braai', 'Travel'],
    joinedAgoMs: 45 * DAY,
    lastActiveAgoMs: 0,
    look,
    photoCount: 3,
    photoSeed: 7,
  };
}

/** The demo account looks for women of 24–36 anywhere: plenty to discover. */
const DEMO_ACCOUNT_PREFERENCES: DemoPreferences = {
  genders: ['female'], ageMin: 24, ageMax: 36, maxDistanceKm: null, relationshipTypes: [], strictFields: ['genders', 'age'],
};

interface PhotoJob {
  member: DemoMember;
  position: number;
  svg: string;
}

interface MemberRows {
  user: NewUser;
  member: DemoMember;
}

function userRow(member: DemoMember, passwordHash: string, now: number): MemberRows {
  const joined = now - member.joinedAgoMs;
  const at = (ms: number) => new Date(ms).toISOString();
  const lastActive = at(now - member.lastActiveAgoMs);
  return {
    member,
    user: {
      id: newId(),
      name: member.name,
      email: member.email,
      phone_number: member.phoneNumber,
      password_hash: passwordHash,
      date_of_birth: member.dateOfBirth,
      gender: member.gender,
      about: member.about,
      city: member.city,
      province: member.province,
      location_cell: cityCell(member.city),
      marital_status: member.maritalStatus,
      body_type: member.bodyType,
      relationship_type: member.relationshipType,
      how_often_drink: member.howOftenDrink,
      love_language: member.loveLanguage,
      height_cm: member.heightCm,
      job_title: member.jobTitle,
      education: member.education,
      profile_completed: true,
      onboarding_completed_at: at(joined + 12 * MINUTE),
      email_verified_at: at(joined + 3 * MINUTE),
      phone_verified_at: at(joined + MINUTE),
      is_demo: true,
      last_active_at: lastActive,
      created_at: at(joined),
      updated_at: lastActive,
    },
  };
}

function photoJobs(member: DemoMember): PhotoJob[] {
  const random = createRandom(member.photoSeed);
  const used = new Set<Scene>();
  return Array.from({ length: member.photoCount }, (_, position) => {
    const scene = sceneFor(position, random, used);
    used.add(scene);
    const look = position > 0 && random.chance(0.7) ? changeOutfit(member.look, random) : member.look;
    return { member, position, svg: renderAvatarSvg(look, scene, random) };
  });
}

/** Runs `task` over `items`, `limit` at a time; stops starting new ones after the first failure. */
async function runPool<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < items.length) {
      const item = items[next++]!;
      try {
        await task(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failure) throw failure.error;
}

class SeedRaceLost extends Error {}

/**
 * Seeds the demo account and `count` believable demo members with photos, once. Safe to call
 * on every start: it skips when demo data exists, and when two processes race, the demo
 * account's unique e-mail lets exactly one transaction commit; the other rolls back and
 * removes the photos it wrote.
 */
export async function seedDemoData(db: Kysely<Database>, opts: SeedDemoDataOptions): Promise<SeedDemoDataResult> {
  const log = opts.log ?? (() => {});
  const started = Date.now();
  const interestIds = await ensureInterestCatalogue(db);
  if (await hasDemoData(db)) {
    log('Demo data already present; nothing to seed.');
    return { created: 0, skipped: true };
  }

  const nowDate = opts.now ?? new Date();
  const now = nowDate.getTime();
  const seed = opts.seed ?? DEFAULT_SEED;
  const passwordHash = await hashPassword(DEMO_ACCOUNT.password);
  const account = userRow(demoAccountProfile(nowDate), passwordHash, now);
  const members = Array.from({ length: Math.max(0, opts.count) }, (_, i) => userRow(generateDemoMember(i, seed, nowDate), passwordHash, now));
  const everyone = [account, ...members];

  // Photos first, outside the transaction, so the transaction holds its locks only briefly.
  const jobs = everyone.flatMap(({ member }) => photoJobs(member));
  const stored = new Map<PhotoJob, StoredPhoto>();
  const concurrency = opts.concurrency ?? Math.max(2, os.availableParallelism());
  const removePhotos = async (photos: Iterable<StoredPhoto>) => {
    for (const photo of photos) await deleteStoredPhoto(opts.storage, photo.storageKey).catch(() => {});
  };
  try {
    await runPool(jobs, concurrency, async (job) => {
      const processed = await processPhoto(Buffer.from(job.svg), { formats: ['svg'], effort: 1 });
      stored.set(job, await storePhoto(opts.storage, processed));
    });
  } catch (error) {
    await removePhotos(stored.values());
    throw error;
  }
  log(`Rendered ${jobs.length} photos in ${((Date.now() - started) / 1000).toFixed(1)} s.`);

  const photosByEmail = new Map<string, { job: PhotoJob; photo: StoredPhoto }[]>();
  for (const [job, photo] of stored) {
    const list = photosByEmail.get(job.member.email) ?? [];
    list.push({ job, photo });
    photosByEmail.set(job.member.email, list);
  }

  // Feed posts keep copies of their photos (a member may delete a profile photo, not the post's).
  const posterEmails = new Set([account, ...demoPosters(members, createRandom(seed + 2))].map((m) => m.member.email));
  const postPhotos = new Map<string, StoredPhoto>();
  try {
    for (const email of posterEmails) {
      const first = photosByEmail.get(email)?.find((p) => p.job.position === 0)?.photo;
      if (first) postPhotos.set(email, { ...first, storageKey: await copyStoredPhoto(opts.storage, first.storageKey) });
    }
  } catch (error) {
    await removePhotos([...stored.values(), ...postPhotos.values()]);
    throw error;
  }

  let insertedEmails: Set<string>;
  try {
    insertedEmails = await db.transaction().execute(async (trx) => {
      if (!(await claimDemoAccount(trx, account.user))) throw new SeedRaceLost();

      const inserted = new Set<string>([account.member.email]);
      for (const batch of chunks(members, USER_BATCH)) {
        for (const email of await insertNewMembers(trx, batch.map((m) => m.user))) inserted.add(email);
      }
      const created = everyone.filter((m) => inserted.has(m.member.email));

      const interestRows = created.flatMap(({ user, member }) =>
        member.interests.flatMap((name) => {
          const interestId = interestIds.get(name);
          return interestId === undefined ? [] : [{ user_id: user.id, interest_id: interestId }];
        }),
      );
      await insertRows(trx, 'user_interests', interestRows);

      const photoRows = created.flatMap(({ user, member }) =>
        (photosByEmail.get(member.email) ?? [])
          .sort((a, b) => a.job.position - b.job.position)
          .map(({ photo }, position) => ({
            id: newId(),
            user_id: user.id,
            position,
            is_primary: position === 0,
            storage_key: photo.storageKey,
            width: photo.width,
            height: photo.height,
            created_at: user.onboarding_completed_at ?? user.created_at,
          })),
      );
      await insertRows(trx, 'user_photos', photoRows);

      const preferencesOf = (member: DemoMember) => (member.index < 0 ? DEMO_ACCOUNT_PREFERENCES : demoPreferences(member));
      const preferenceRows = created.map(({ user, member }) => {
        const prefs = preferencesOf(member);
        return {
          user_id: user.id,
          genders: JSON.stringify(prefs.genders),
          age_min: prefs.ageMin,
          age_max: prefs.ageMax,
          max_distance_km: prefs.maxDistanceKm,
          relationship_types: JSON.stringify(prefs.relationshipTypes),
          strict_fields: JSON.stringify(prefs.strictFields),
          created_at: user.created_at,
          updated_at: user.created_at,
        };
      });
      await insertRows(trx, 'user_preferences', preferenceRows);

      const seeded = created.map((m) => ({ ...m, preferences: preferencesOf(m.member) }));
      const [demo, others] = [seeded.find((m) => m.member.index < 0)!, seeded.filter((m) => m.member.index >= 0)];
      await seedDemoActivity(trx, demo, others, createRandom(seed + 1), now);
      await seedDemoFeed(trx, demo, others.filter((m) => posterEmails.has(m.member.email)), postPhotos, createRandom(seed + 3), now);
      return inserted;
    });
  } catch (error) {
    await removePhotos([...stored.values(), ...postPhotos.values()]);
    if (error instanceof SeedRaceLost) {
      log('Another process seeded the demo data first; nothing to seed.');
      return { created: 0, skipped: true };
    }
    throw error;
  }

  // A member whose e-mail or mobile was already taken was not inserted: drop their photos.
  const orphaned = [
    ...[...stored].filter(([job]) => !insertedEmails.has(job.member.email)).map(([, photo]) => photo),
    ...[...postPhotos].filter(([email]) => !insertedEmails.has(email)).map(([, photo]) => photo),
  ];
  await removePhotos(orphaned);

  const created = members.filter((m) => insertedEmails.has(m.member.email)).length;
  log(`Seeded the demo account and ${created} demo members with ${stored.size + postPhotos.size - orphaned.length} photos in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return { created, skipped: false };
}
