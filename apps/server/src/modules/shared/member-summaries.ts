import type { MemberSummary } from '@linkup/contract';
import { photoUrls } from '../../adapters/storage/photos';
import type { PhotoStorage } from '../../adapters/storage/storage';
import { toBool } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { ageFromBirthDate } from '../../lib/time';
import type { MemberSummaryRepository, MemberSummaryRows } from './member-summary.repository';

/** Summaries from their rows: name, age (unless hidden), city and the main photo; never contact details. */
export function presentMemberSummaries(rows: MemberSummaryRows, storage: PhotoStorage, now: Date): Map<string, MemberSummary> {
  const mainPhoto = new Map<string, { key: string; rank: number }>();
  for (const photo of rows.photos) {
    // The primary photo, else the first by position.
    const rank = toBool(photo.is_primary) ? -1 : photo.position;
    const current = mainPhoto.get(photo.user_id);
    if (!current || rank < current.rank) mainPhoto.set(photo.user_id, { key: photo.storage_key, rank });
  }
  const result = new Map<string, MemberSummary>();
  for (const user of rows.users) {
    const photo = mainPhoto.get(user.id);
    result.set(user.id, {
      id: user.id,
      name: user.name,
      age: user.date_of_birth && rows.privacy.get(user.id)?.show_age !== false ? ageFromBirthDate(user.date_of_birth, now) : null,
      city: user.city,
      photo: photo ? photoUrls(storage, photo.key) : null,
      is_verified: user.verified_at !== null,
    });
  }
  return result;
}

/** Members as lists show them (matches, likes, visitors, activity), and avatars. */
export class MemberSummaries {
  constructor(
    private readonly repo: MemberSummaryRepository,
    private readonly storage: PhotoStorage,
    private readonly clock: Clock,
  ) {}

  async of(ids: readonly string[]): Promise<Map<string, MemberSummary>> {
    return presentMemberSummaries(await this.repo.rows(ids), this.storage, this.clock.now());
  }

  /** The member's avatar: their primary photo's thumbnail URL, or null. */
  async avatarOf(userId: string): Promise<string | null> {
    const key = await this.repo.primaryPhotoKey(userId);
    return key ? photoUrls(this.storage, key).thumb : null;
  }
}
