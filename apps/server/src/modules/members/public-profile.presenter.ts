import type { PublicProfile } from '@linkup/contract';
import type { PhotoStorage } from '../../adapters/storage/storage';
import { toBool, type PhotoRow } from '../../db/schema';
import { cityDistanceKm, distanceBucket } from '../../lib/geo';
import { ageFromBirthDate } from '../../lib/time';
import { presentPhoto } from '../shared/photo.presenter';
import { datingFields } from '../shared/dating-fields';
import type { PublicProfileRows } from './members.repository';

/** A member counts as online when last active this recently (sessions touch it every 5 minutes). */
export const ONLINE_WINDOW_MS = 10 * 60 * 1000;

/**
 * Other members' profiles as `viewerId` may see them (`GET /users/{id}`, discover cards, match
 * details), from the rows `MembersRepository.publicProfileRows` read. Age, distance and online
 * state follow each member's privacy settings; the birth date serves only to compute the age, and
 * the distance is a bucket between the two members' cities (no finer than the city shown). Photos come main photo first, then in the
 * member's order. Unknown ids are left out of the map; blocks are the caller's business.
 */
export function presentPublicProfiles(
  rows: PublicProfileRows,
  storage: PhotoStorage,
  viewerId: string,
  ids: readonly string[],
  now: Date,
): Map<string, PublicProfile> {
  const { users, photos, interests, privacy } = rows;
  const result = new Map<string, PublicProfile>();
  const viewerCity = users.find((u) => u.id === viewerId)?.city ?? null;
  const photosOf = groupBy(photos, (p: PhotoRow) => p.user_id);
  const interestsOf = groupBy(interests, (i) => i.user_id);

  const wanted = new Set(ids);
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
      distance: !self && settings?.show_distance !== false ? distanceBucket(cityDistanceKm(viewerCity, user.city)) : null,
      about: user.about,
      photos: mainFirst(photosOf.get(user.id) ?? []).map((row) => presentPhoto(storage, row)),
      interests: (interestsOf.get(user.id) ?? []).map((i) => i.name),
      ...datingFields(user),
      last_active_at: showOnline ? user.last_active_at : null,
      is_online: showOnline ? isOnline(user.last_active_at, now) : null,
      is_verified: user.verified_at !== null,
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
