import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { Database, FeedPostImageRow, FeedPostRow } from '../../db/schema';
import { isoNow, type Clock } from '../../lib/clock';
import { whereNotApart, whereNotRestricted } from '../shared/blocks.repository';
import type { FeedWalk, Suitor } from './feed.policy';

/** A post with what the feed shows of its author (as their profile is now). */
export type FeedPostListRow = FeedPostRow & {
  author_name: string;
  author_gender: string | null;
  author_date_of_birth: string | null;
  author_city: string | null;
  author_show_age: boolean | number | null;
  author_verified_at: string | null;
};

/** The member reading the feed, with what posts' partner preferences are compared against. */
export type FeedViewerRow = Suitor & { name: string; province: string | null; relationship_type: string | null };

/** The fields of a post a member writes. */
export type FeedPostValuesRow = Omit<FeedPostRow, 'id' | 'user_id' | 'created_at' | 'updated_at' | 'is_available'> & { is_available: boolean };

const POST_COLUMNS = [
  'p.id', 'p.user_id', 'p.marital_status', 'p.relationship_type', 'p.how_often_drink', 'p.love_language', 'p.body_type',
  'p.profile_description', 'p.is_available', 'p.preferred_age_min', 'p.preferred_age_max', 'p.preferred_body_type',
  'p.preferred_city', 'p.preferred_drinking', 'p.preferred_love_language', 'p.preferred_marital_status', 'p.created_at', 'p.updated_at',
  'u.name as author_name', 'u.gender as author_gender', 'u.date_of_birth as author_date_of_birth', 'u.city as author_city',
  'st.show_age as author_show_age', 'u.verified_at as author_verified_at',
] as const;

/**
 * Posts joined to their authors. On SQLite, CROSS JOIN keeps the posts as the outer loop, so the
 * feed walks `feed_posts_newest_idx` and stops at a page (PostgreSQL plans that by itself).
 */
function postsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('feed_posts as p')
    .crossJoin('users as u')
    .leftJoin('user_settings as st', 'st.user_id', 'p.user_id')
    .leftJoin('user_preferences as ap', 'ap.user_id', 'p.user_id')
    .whereRef('u.id', '=', 'p.user_id')
    .select(POST_COLUMNS);
}
type PostsQuery = ReturnType<typeof postsQuery>;

/** Posts read per window of the feed walk: the first window, and the most a window doubles to. */
export const FEED_WINDOW = { first: 256, max: 4096 } as const;

/** Posts strictly older than `point` in the feed's order (created_at, then id, both descending). */
function before(eb: ExpressionBuilder<Database & { p: FeedPostRow }, 'p'>, point: { createdAt: string; id: string }) {
  return eb.or([eb('p.created_at', '<', point.createdAt), eb.and([eb('p.created_at', '=', point.createdAt), eb('p.id', '<', point.id)])]);
}

const PREFERRED = [
  ['p.preferred_body_type', 'body_type'],
  ['p.preferred_drinking', 'how_often_drink'],
  ['p.preferred_love_language', 'love_language'],
  ['p.preferred_marital_status', 'marital_status'],
  ['p.preferred_city', 'city'],
] as const;

/**
 * Only posts `suitor` may see: available, the author's profile complete and not hidden, the two
 * not apart (no block either way, no unmatch: `contactPolicy.apart`), the post's partner preferences fit (each one unset or equal to the suitor's value,
 * the age range around their age) and so does the author's gender dealbreaker.
 */
function visibleTo(query: PostsQuery, suitor: Suitor, age: number | null, now: string): PostsQuery {
  return query.where((eb) => {
    const conditions = [
      eb('p.is_available', '=', true),
      eb('u.profile_completed', '=', true),
      eb.or([eb('st.hide_from_discover', 'is', null), eb('st.hide_from_discover', '=', false)]),
      whereNotApart(eb, suitor.id, 'p.user_id'),
      whereNotRestricted(eb, 'p.user_id', now),
      ...PREFERRED.map(([column, field]) => {
        const mine = suitor[field];
        return mine === null ? eb(column, 'is', null) : eb.or([eb(column, 'is', null), eb(column, '=', mine)]);
      }),
      eb.or([
        eb('ap.user_id', 'is', null), eb('ap.genders', '=', '[]'), eb('ap.strict_fields', 'not like', '%"genders"%'),
        ...(suitor.gender ? [eb('ap.genders', 'like', `%"${suitor.gender}"%`)] : []),
      ]),
    ];
    if (age !== null) conditions.push(eb('p.preferred_age_min', '<=', age), eb('p.preferred_age_max', '>=', age));
    return eb.and(conditions);
  });
}

/**
 * All SQL of the feed: posts, their photos and likes. Every read of another member's post goes
 * through `visibleTo`: available, the author's profile complete and not hidden, not apart (no
 * block either way, no unmatch), and the post's partner preferences (and the author's gender dealbreaker) fit the reader.
 */
export class FeedRepository {
  constructor(
    readonly db: Kysely<Database>,
    /** When a suspension has ended (`whereNotRestricted`). */
    private readonly clock: Clock,
    private readonly window: { first: number; max: number } = FEED_WINDOW,
  ) {}

  async viewer(userId: string): Promise<FeedViewerRow | undefined> {
    return this.db
      .selectFrom('users')
      .select(['id', 'name', 'gender', 'date_of_birth', 'city', 'province', 'body_type', 'how_often_drink', 'love_language', 'marital_status', 'relationship_type'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  preferences(userId: string) {
    return this.db.selectFrom('user_preferences').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /**
   * One page of the feed, newest first: `limit` posts after the cursor (or after skipping
   * `offset` that fit). The posts are walked in windows of the newest-first order — a few hundred
   * posts at a time, doubling while too few fit — and each window is filtered; so both databases
   * read about as many posts for a page at 100,000 posts as at 1,000, whatever their planners
   * guess about how many would fit.
   */
  async feedPage(walk: FeedWalk): Promise<FeedPostListRow[]> {
    const wanted = walk.offset + walk.limit;
    const rows: FeedPostListRow[] = [];
    let after = walk.after;
    let size = this.window.first;
    for (;;) {
      const end = await this.windowEnd(after, size);
      rows.push(...(await this.windowQuery(walk, after, end).execute()));
      if (rows.length >= wanted || !end) break;
      after = end;
      size = Math.min(size * 2, this.window.max);
    }
    return rows.slice(walk.offset, wanted);
  }

  /** The oldest post of the window of `size` posts after `after`; undefined when fewer are left. */
  async windowEnd(after: FeedWalk['after'], size: number): Promise<{ createdAt: string; id: string } | undefined> {
    let query = this.db.selectFrom('feed_posts as p').select(['p.created_at', 'p.id']);
    if (after) query = query.where((eb) => before(eb, after));
    const row = await query.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').limit(1).offset(size - 1).executeTakeFirst();
    return row ? { createdAt: row.created_at, id: row.id } : undefined;
  }

  /** The posts of one window (after `after`, down to `end` included) that fit the walk, newest first. */
  windowQuery(walk: FeedWalk, after: FeedWalk['after'], end: FeedWalk['after'] | undefined) {
    let query = visibleTo(postsQuery(this.db).where('p.user_id', '!=', walk.suitor.id), walk.suitor, walk.suitorAge, isoNow(this.clock));
    if (after) query = query.where((eb) => before(eb, after));
    if (end) query = query.where((eb) => eb.not(before(eb, end)));
    if (walk.genders.length > 0) query = query.where('u.gender', 'in', walk.genders);
    if (walk.birthDates) query = query.where('u.date_of_birth', '>', walk.birthDates.after).where('u.date_of_birth', '<=', walk.birthDates.onOrBefore);
    if (walk.hidesHiddenAges) query = query.where((eb) => eb.or([eb('st.show_age', 'is', null), eb('st.show_age', '=', true)]));
    if (walk.city) query = query.where('u.city', '=', walk.city);
    if (walk.province) query = query.where('u.province', '=', walk.province);
    for (const { column, values } of walk.postFields) query = query.where(`p.${column}`, 'in', values);
    if (walk.verifiedOnly) query = query.where('u.verified_at', 'is not', null);
    return query.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc');
  }

  /** Another member's post if `suitor` may see it. */
  async visiblePost(suitor: Suitor, suitorAge: number | null, postId: string): Promise<FeedPostListRow | undefined> {
    return visibleTo(postsQuery(this.db).where('p.id', '=', postId).where('p.user_id', '!=', suitor.id), suitor, suitorAge, isoNow(this.clock)).executeTakeFirst();
  }

  async ownPost(userId: string): Promise<FeedPostListRow | undefined> {
    return postsQuery(this.db).where('p.user_id', '=', userId).executeTakeFirst();
  }

  async postOwner(postId: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('feed_posts').select('user_id').where('id', '=', postId).executeTakeFirst();
    return row?.user_id;
  }

  /** Likes of each post, and whether `userId` likes it: one query for a page. */
  async likeStats(userId: string, postIds: readonly string[]): Promise<Map<string, { count: number; liked: boolean }>> {
    const result = new Map<string, { count: number; liked: boolean }>();
    if (postIds.length === 0) return result;
    const rows = await this.db
      .selectFrom('feed_post_likes')
      .select(['post_id', sql<number>`count(*)`.as('n'), sql<number>`max(case when user_id = ${userId} then 1 else 0 end)`.as('mine')])
      .where('post_id', 'in', [...new Set(postIds)])
      .groupBy('post_id')
      .execute();
    for (const row of rows) result.set(row.post_id, { count: Number(row.n), liked: Number(row.mine) === 1 });
    return result;
  }

  /** The main photo (primary, else first) of each member. */
  async mainPhotoKeys(userIds: readonly string[]): Promise<Map<string, string>> {
    const result = new Map<string, { key: string; rank: number }>();
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('user_photos')
      .select(['user_id', 'storage_key', 'position', 'is_primary'])
      .where('user_id', 'in', [...new Set(userIds)])
      .execute();
    for (const row of rows) {
      const rank = row.is_primary === true || row.is_primary === 1 ? -1 : row.position;
      const current = result.get(row.user_id);
      if (!current || rank < current.rank) result.set(row.user_id, { key: row.storage_key, rank });
    }
    return new Map([...result].map(([id, photo]) => [id, photo.key]));
  }

  /** The photos attached to these posts. */
  postImages(postIds: readonly string[]): Promise<FeedPostImageRow[]> {
    if (postIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('feed_post_images').selectAll().where('post_id', 'in', [...new Set(postIds)]).where('slot', 'is not', null).execute();
  }

  // ── Likes ──

  /** True when this like is new (a second like changes nothing). */
  async insertLike(postId: string, userId: string, now: string): Promise<boolean> {
    const result = await this.db
      .insertInto('feed_post_likes')
      .values({ post_id: postId, user_id: userId, created_at: now })
      .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async deleteLike(postId: string, userId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('feed_post_likes').where('post_id', '=', postId).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  // ── My post ──

  async insertPost(row: FeedPostValuesRow & { id: string; user_id: string; created_at: string; updated_at: string }, trx: Kysely<Database> = this.db): Promise<void> {
    await trx.insertInto('feed_posts').values(row).execute();
  }

  async updatePost(id: string, values: FeedPostValuesRow & { updated_at: string }, trx: Kysely<Database> = this.db): Promise<void> {
    await trx.updateTable('feed_posts').set(values).where('id', '=', id).execute();
  }

  /** Deletes the post (its likes and photo rows go with it); false when it was already gone. */
  async deletePost(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('feed_posts').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  // ── Post photos ──

  /** Photos of mine among `ids`: new uploads not used yet, or those of my post. */
  myImages(userId: string, ids: readonly string[]): Promise<FeedPostImageRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('feed_post_images').selectAll().where('user_id', '=', userId).where('id', 'in', [...ids]).execute();
  }

  /** My profile photos among `ids`. */
  myProfilePhotos(userId: string, ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('user_photos').select(['id', 'storage_key', 'width', 'height']).where('user_id', '=', userId).where('id', 'in', [...ids]).execute();
  }

  /** My uploads not used by a save yet, oldest first. */
  pendingImages(userId: string): Promise<FeedPostImageRow[]> {
    return this.db.selectFrom('feed_post_images').selectAll().where('user_id', '=', userId).where('post_id', 'is', null).orderBy('created_at').orderBy('id').execute();
  }

  async insertImage(row: FeedPostImageRow): Promise<void> {
    await this.db.insertInto('feed_post_images').values(row).execute();
  }

  async deleteImages(ids: readonly string[], trx: Kysely<Database> = this.db): Promise<void> {
    if (ids.length > 0) await trx.deleteFrom('feed_post_images').where('id', 'in', [...ids]).execute();
  }

  /**
   * Makes `slots` the post's photos: those chosen are attached in their slots, every other photo
   * of the post and every unused upload of the member is removed. Answers the removed rows (their
   * files go after the commit).
   */
  async setPostImages(trx: Kysely<Database>, userId: string, postId: string, slots: ReadonlyMap<number, string>): Promise<FeedPostImageRow[]> {
    const chosen = [...slots.values()];
    let stale = trx.selectFrom('feed_post_images').selectAll().where('user_id', '=', userId)
      .where((eb) => eb.or([eb('post_id', '=', postId), eb('post_id', 'is', null)]));
    if (chosen.length > 0) stale = stale.where('id', 'not in', chosen);
    const removed = await stale.execute();
    await this.deleteImages(removed.map((r) => r.id), trx);
    for (const [slot, id] of slots) {
      await trx.updateTable('feed_post_images').set({ post_id: postId, slot }).where('id', '=', id).where('user_id', '=', userId).execute();
    }
    return removed;
  }

  /** Every stored photo key of a post (before deleting it). */
  async imageKeysOfPost(postId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('feed_post_images').select('storage_key').where('post_id', '=', postId).execute();
    return rows.map((r) => r.storage_key);
  }
}

