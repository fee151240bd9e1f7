import type { Kysely } from 'kysely';
import { watchRowChanges, type RowWatch } from '../../db/row-changes';
import { Remembered } from '../../db/remembered';
import { toBool, type Database, type PhotoRow } from '../../db/schema';
import { newId } from '../../lib/ids';
import { pairKey } from '../../lib/pair-key';
import { blockedEitherWay, unmatchedWith } from '../shared/blocks.repository';
import { privacyFromRow, type Privacy } from '../shared/privacy';
import type { PrivacyRepository } from '../shared/privacy.repository';

/** The columns another member may learn something from; never phone, e-mail, birth date or cell. */
const PUBLIC_COLUMNS = [
  'id', 'name', 'date_of_birth', 'gender', 'city', 'province', 'about', 'marital_status', 'body_type',
  'relationship_type', 'how_often_drink', 'love_language', 'height_cm', 'job_title', 'education', 'last_active_at', 'verified_at',
] as const;

/** What public profiles are made of (see `presentPublicProfiles`). */
export interface PublicProfileRows {
  /** The members asked for and the viewer (whose city gives distances). */
  users: Awaited<ReturnType<MembersRepository['publicUsers']>>;
  photos: PhotoRow[];
  interests: { user_id: string; name: string }[];
  privacy: Map<string, Privacy>;
}

/** One member's share of `PublicProfileRows`. */
interface MemberProfileRows {
  user: PublicProfileRows['users'][number];
  photos: PhotoRow[];
  interests: PublicProfileRows['interests'];
  privacy: Privacy;
}

/** The rows a public profile is made of, and what a change of each one makes the cache forget. */
const PROFILE_ROWS: readonly RowWatch<'member' | 'catalogue'>[] = [
  { table: 'users', report: { id: 'member' } },
  { table: 'user_photos', inserts: true, report: { user_id: 'member' } },
  { table: 'user_interests', inserts: true, report: { user_id: 'member' } },
  { table: 'user_settings', inserts: true, report: { user_id: 'member' } },
  { table: 'interests', report: { id: 'catalogue' } },
];

export interface MembersRepositoryOptions {
  /**
   * Keep members' profile rows between requests (discover shows the same cards page after page).
   * Needs a database that reports every change of those rows to this process (see
   * `watchRowChanges`); elsewhere every request reads them.
   */
  rememberProfiles?: boolean;
}

/** SQL of other members' profiles: who exists and is visible to whom, and profile visits. */
export class MembersRepository {
  readonly #profiles: Remembered<MemberProfileRows> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly privacy: PrivacyRepository,
    options: MembersRepositoryOptions = {},
  ) {
    const profiles = new Remembered<MemberProfileRows>(10_000);
    const forget = (change: 'member' | 'catalogue', id: string) => (change === 'member' ? profiles.forget(id) : profiles.forgetAll());
    this.#profiles = options.rememberProfiles && watchRowChanges(db, PROFILE_ROWS, forget, [profiles]) ? profiles : undefined;
  }

  /** Four queries for any number of members (rows, photos, interests, privacy), or none for those remembered. */
  async publicProfileRows(viewerId: string, ids: readonly string[]): Promise<PublicProfileRows> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return { users: [], photos: [], interests: [], privacy: new Map() };
    const cache = this.#profiles;
    if (!cache) return this.#readProfileRows(unique, [...new Set([...unique, viewerId])]);
    const everyone = [...new Set([...unique, viewerId])];
    const known = new Map<string, MemberProfileRows>();
    const missing = everyone.filter((id) => {
      const rows = cache.peek(id);
      if (rows) known.set(id, rows);
      return !rows;
    });
    if (missing.length > 0) {
      const mark = cache.mark();
      const read = await this.#readProfileRows(missing, missing);
      for (const user of read.users) {
        const rows = {
          user, photos: read.photos.filter((p) => p.user_id === user.id), interests: read.interests.filter((i) => i.user_id === user.id),
          privacy: read.privacy.get(user.id)!,
        };
        known.set(user.id, rows);
        cache.keep(mark, user.id, rows);
      }
    }
    const found = everyone.flatMap((id) => known.get(id) ?? []);
    const shown = unique.flatMap((id) => known.get(id) ?? []);
    return {
      users: found.map((r) => r.user),
      photos: shown.flatMap((r) => r.photos),
      interests: shown.flatMap((r) => r.interests),
      privacy: new Map(unique.map((id) => [id, known.get(id)?.privacy ?? privacyFromRow(undefined)])),
    };
  }

  /** Photos, interests and privacy of `ids`, and the rows of `users`. */
  async #readProfileRows(ids: string[], users: string[]): Promise<PublicProfileRows> {
    const [userRows, photos, interests, privacy] = await Promise.all([
      this.publicUsers(users),
      this.db.selectFrom('user_photos').selectAll().where('user_id', 'in', ids).orderBy('user_id').orderBy('position').orderBy('created_at').execute(),
      this.db.selectFrom('user_interests as ui').innerJoin('interests as i', 'i.id', 'ui.interest_id')
        .select(['ui.user_id', 'i.name']).where('ui.user_id', 'in', ids).orderBy('i.id').execute(),
      this.privacy.of(ids),
    ]);
    return { users: userRows, photos, interests, privacy };
  }

  publicUsers(ids: string[]) {
    return this.db.selectFrom('users').select(PUBLIC_COLUMNS).where('id', 'in', ids).execute();
  }

  /** The member with this id and whether they and `viewerId` are apart: blocked either way or unmatched (one query). */
  async findVisibility(viewerId: string, id: string): Promise<{ id: string; hidden: boolean } | undefined> {
    const row = await this.db
      .selectFrom('users as u')
      .select((eb) => ['u.id', eb.or([blockedEitherWay(eb, viewerId, 'u.id'), unmatchedWith(eb, viewerId, 'u.id')]).as('hidden')])
      .where('u.id', '=', id)
      .executeTakeFirst();
    return row ? { id: row.id, hidden: toBool(row.hidden as boolean | number) } : undefined;
  }

  /** Whether the two are matched now, and whether `memberId` liked or super liked the viewer (two queries). */
  async relationRows(viewerId: string, memberId: string): Promise<{ matched: boolean; likedMe: boolean }> {
    const [match, like] = await Promise.all([
      this.db.selectFrom('matches').select('id').where('pair_key', '=', pairKey(viewerId, memberId)).where('unmatched_at', 'is', null).executeTakeFirst(),
      this.db.selectFrom('swipes').select('action')
        .where('actor_id', '=', memberId).where('target_id', '=', viewerId).where('action', 'in', ['like', 'super_like'])
        .executeTakeFirst(),
    ]);
    return { matched: match !== undefined, likedMe: like !== undefined };
  }

  /** One visit per viewer, member and UTC day; a second view that day changes nothing (false). */
  async recordVisit(viewerId: string, viewedId: string, now: string): Promise<boolean> {
    const result = await this.db
      .insertInto('profile_visits')
      .values({ id: newId(), viewer_id: viewerId, viewed_id: viewedId, visit_date: now.slice(0, 10), created_at: now })
      .onConflict((oc) => oc.columns(['viewer_id', 'viewed_id', 'visit_date']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
}
