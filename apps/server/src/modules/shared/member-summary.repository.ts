import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query';
import type { Database } from '../../db/schema';
import type { PrivacyRepository } from './privacy.repository';

/** What lists show of members, as stored: their row, photo keys and privacy. */
export interface MemberSummaryRows {
  users: { id: string; name: string; date_of_birth: string | null; city: string | null; verified_at: string | null }[];
  photos: { user_id: string; storage_key: string; position: number; is_primary: boolean | number }[];
  privacy: Awaited<ReturnType<PrivacyRepository['of']>>;
}

// One member's rows, compiled once: each notification presents its actor (see `preparedQuery`).
const userOfOneQuery = preparedQuery<{ id: string }, MemberSummaryRows['users'][number]>((db, param) => db
  .selectFrom('users').select(['id', 'name', 'date_of_birth', 'city', 'verified_at']).where('id', '=', param('id')));
const photosOfOneQuery = preparedQuery<{ id: string }, MemberSummaryRows['photos'][number]>((db, param) => db
  .selectFrom('user_photos').select(['user_id', 'storage_key', 'position', 'is_primary']).where('user_id', '=', param('id')));

/** The reads behind member summaries and avatars: three queries for any number of members. */
export class MemberSummaryRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly privacy: PrivacyRepository,
  ) {}

  async rows(ids: readonly string[]): Promise<MemberSummaryRows> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return { users: [], photos: [], privacy: new Map() };
    if (unique.length === 1) {
      const id = unique[0]!;
      const [users, photos, privacy] = await Promise.all([userOfOneQuery(this.db, { id }), photosOfOneQuery(this.db, { id }), this.privacy.of(unique)]);
      return { users: users.rows, photos: photos.rows, privacy };
    }
    const [users, photos, privacy] = await Promise.all([
      this.db.selectFrom('users').select(['id', 'name', 'date_of_birth', 'city', 'verified_at']).where('id', 'in', unique).execute(),
      this.db.selectFrom('user_photos').select(['user_id', 'storage_key', 'position', 'is_primary']).where('user_id', 'in', unique).execute(),
      this.privacy.of(unique),
    ]);
    return { users, photos, privacy };
  }

  /** The storage key of a member's primary photo (their avatar), if they chose one. */
  async primaryPhotoKey(userId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('user_photos')
      .select('storage_key')
      .where('user_id', '=', userId)
      .where('is_primary', '=', true)
      .executeTakeFirst();
    return row?.storage_key ?? null;
  }
}
