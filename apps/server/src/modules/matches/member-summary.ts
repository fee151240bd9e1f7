import type { MemberSummary } from '@linkup/contract';
import type { Kysely } from 'kysely';
import { photoUrls } from '../../adapters/storage/photos';
import type { PhotoStorage } from '../../adapters/storage/storage';
import type { Database } from '../../db/schema';
import { ageFromBirthDate } from '../../lib/time';
import { privacyOf } from '../shared/privacy';

/**
 * Members as lists show them (matches, likes, visitors, activity): name, age (unless hidden),
 * city and the main photo. Three queries for any number of members; never contact details.
 */
export async function memberSummaries(db: Kysely<Database>, storage: PhotoStorage, ids: readonly string[]): Promise<Map<string, MemberSummary>> {
  const unique = [...new Set(ids)];
  const result = new Map<string, MemberSummary>();
  if (unique.length === 0) return result;
  const [users, photos, privacy] = await Promise.all([
    db.selectFrom('users').select(['id', 'name', 'date_of_birth', 'city']).where('id', 'in', unique).execute(),
    db.selectFrom('user_photos').select(['user_id', 'storage_key', 'position', 'is_primary']).where('user_id', 'in', unique).execute(),
    privacyOf(db, unique),
  ]);
  const mainPhoto = new Map<string, { key: string; rank: number }>();
  for (const photo of photos) {
    // The primary photo, else the first by position.
    const rank = photo.is_primary === true || photo.is_primary === 1 ? -1 : photo.position;
    const current = mainPhoto.get(photo.user_id);
    if (!current || rank < current.rank) mainPhoto.set(photo.user_id, { key: photo.storage_key, rank });
  }
  for (const user of users) {
    const photo = mainPhoto.get(user.id);
    result.set(user.id, {
      id: user.id,
      name: user.name,
      age: user.date_of_birth && privacy.get(user.id)?.show_age !== false ? ageFromBirthDate(user.date_of_birth) : null,
      city: user.city,
      photo: photo ? photoUrls(storage, photo.key) : null,
    });
  }
  return result;
}
