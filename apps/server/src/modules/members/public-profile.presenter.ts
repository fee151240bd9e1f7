import type { PublicProfile } from '@linkup/contract';
import type { Kysely } from 'kysely';
import type { PhotoStorage } from '../../adapters/storage/storage';
import { toBool, type Database, type PhotoRow } from '../../db/schema';
import { cellDistanceKm, distanceBucket } from '../../lib/geo';
import { ageFromBirthDate } from '../../lib/time';
import { presentPhoto } from '../shared/photo.presenter';
import { datingFields } from '../shared/dating-fields';
import { privacyOf } from '../shared/privacy';

/** A member counts as online when last active this recently (sessions touch it every 5 minutes). */
export const ONLINE_WINDOW_MS = 10 * 60 * 1000;

/** The columns another member may learn something from; never phone, e-mail, birth date or cell. */
const PUBLIC_COLUMNS = [
  'id', 'name', 'date_of_birth', 'gender', 'city', 'province', 'location_cell', 'about', 'marital_status', 'body_type',
  'relationship_type', 'how_often_drink', 'love_language', 'height_cm', 'job_title', 'education', 'last_active_at',
] as const;

/**
 * Other members' profiles as `viewerId` may see them (`GET /users/{id}`, discover cards, likes):
 * four queries for any number of members (members with the viewer's cell, photos, interests,
 * privacy). Age, distance and online state follow each member's privacy settings; the birth date
 * and location cell are read only to compute age and a distance bucket, and never leave.
 * Photos come main photo first, then in the member's order. Unknown ids are left out of the map;
 * blocks are the caller's business.
 */
export async function loadPublicProfiles(
  db: Kysely<Database>,
  storage: PhotoStorage,
  viewerId: string,
  ids: readonly string[],
  now: Date = new Date(),
): Promise<Map<string, PublicProfile>> {
  const unique = [...new Set(ids)];
  const result = new Map<string, PublicProfile>();
  if (unique.length === 0) return result;

  const [users, photos, interests, privacy] = await Promise.all([
    db.selectFrom('users').select(PUBLIC_COLUMNS).where('id', 'in', [...new Set([...unique, viewerId])]).execute(),
    db.selectFrom('user_photos').selectAll().where('user_id', 'in', unique).orderBy('user_id').orderBy('position').orderBy('created_at').execute(),
    db.selectFrom('user_interests as ui').innerJoin('interests as i', 'i.id', 'ui.interest_id')
      .select(['ui.user_id', 'i.name']).where('ui.user_id', 'in', unique).orderBy('i.id').execute(),
    privacyOf(db, unique),
  ]);

  const viewerCell = users.find((u) => u.id === viewerId)?.location_cell ?? null;
  const photosOf = groupBy(photos, (p: PhotoRow) => p.user_id);
  const interestsOf = groupBy(interests, (i) => i.user_id);

  const wanted = new Set(unique);
  for (const user of users) {
    if (!wanted.has(user.id)) continue;
    const settings = privacy.get(user.id);
    const self = user.id === viewerId;
    const showOnline = settings?.show_online !== false;
    result.set(user.id, {
      id: user.id,
      name: user.name,
      age: user.date_of_birth && settings?.show_age !== false ? ageFromBirthDate(user.date_of_birth, now) : null,
      gender: user.gender,
      city: user.city,
      province: user.province,
      distance: !self && settings?.show_distance !== false ? distanceBucket(cellDistanceKm(viewerCell, user.location_cell)) : null,
      about: user.about,
      photos: mainFirst(photosOf.get(user.id) ?? []).map((row) => presentPhoto(storage, row)),
      interests: (interestsOf.get(user.id) ?? []).map((i) => i.name),
      ...datingFields(user),
      last_active_at: showOnline ? user.last_active_at : null,
      is_online: showOnline ? isOnline(user.last_active_at, now) : null,
    });
  }
  return result;
}

/** The main photo first (what a card shows), then the others in the member's order. */
function mainFirst(photos: PhotoRow[]): PhotoRow[] {
  const main = photos.findIndex((p) => toBool(p.is_primary));
  return main > 0 ? [photos[main]!, ...photos.slice(0, main), ...photos.slice(main + 1)] : photos;
}

function isOnline(lastActiveAt: string | null, now: Date): boolean {
  if (!lastActiveAt) return false;
  const elapsed = now.getTime() - Date.parse(lastActiveAt);
  return elapsed >= -ONLINE_WINDOW_MS && elapsed < ONLINE_WINDOW_MS;
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}
