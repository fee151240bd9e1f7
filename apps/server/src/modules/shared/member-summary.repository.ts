import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query';
import type { Remembered } from '../../db/remembered';
import { rememberedById, type RowWatch } from '../../db/row-changes';
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

/** One member's share of `MemberSummaryRows`. */
interface OneMemberRows {
  user: MemberSummaryRows['users'][number];
  photos: MemberSummaryRows['photos'];
  privacy: NonNullable<ReturnType<MemberSummaryRows['privacy']['get']>>;
}

/**
 * The rows a summary is made of, and what makes the cache forget a member's: their row's shown
 * columns (not `last_active_at`, written as they use the app), their photos, their privacy.
 */
const SUMMARY_ROWS: readonly RowWatch<'member'>[] = [
  { table: 'users', columns: ['name', 'date_of_birth', 'city', 'verified_at'], report: { id: 'member' } },
  { table: 'user_photos', inserts: true, report: { user_id: 'member' } },
  { table: 'user_settings', inserts: true, report: { user_id: 'member' } },
];

export interface MemberSummaryRepositoryOptions {
  /**
   * Keep members' summary rows between reads (a notification presents its actor, a list its
   * members); needs a database that reports every change of them (see `watchRowChanges`).
   */
  remember?: boolean;
}

/** The reads behind member summaries and avatars: three queries for any number of members, none for those kept. */
export class MemberSummaryRepository {
  readonly #kept: Remembered<OneMemberRows> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly privacy: PrivacyRepository,
    options: MemberSummaryRepositoryOptions = {},
  ) {
    this.#kept = rememberedById<OneMemberRows>(db, SUMMARY_ROWS, 10_000, options.remember);
  }

  async rows(ids: readonly string[]): Promise<MemberSummaryRows> {
    const kept = this.#kept;
    if (!kept) return this.#read([...new Set(ids)]);
    const known: OneMemberRows[] = [];
    const missing = [...new Set(ids)].filter((id) => {
      const rows = kept.peek(id);
      if (rows) known.push(rows);
      return !rows;
    });
    const mark = kept.mark();
    const read = await this.#read(missing);
    for (const user of read.users) {
      const rows = { user, photos: read.photos.filter((p) => p.user_id === user.id), privacy: read.privacy.get(user.id)! };
      kept.keep(mark, user.id, rows);
      known.push(rows);
    }
    return { users: known.map((r) => r.user), photos: known.flatMap((r) => r.photos), privacy: new Map(known.map((r) => [r.user.id, r.privacy])) };
  }

  async #read(unique: string[]): Promise<MemberSummaryRows> {
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
