import { AGE_LIMITS, FEED_MESSAGES, PREFERENCE_LIST_FIELDS, type FeedQuery, type PreferenceValues } from '@linkup/contract';
import { AppError, conflict, invalid, notFound } from '../../lib/http-errors';
import { ageFromBirthDate, birthDateBounds } from '../../lib/time';
import { contactPolicy } from '../shared/contact.policy';

/** The member a post's partner preferences are compared with. */
export interface Suitor {
  id: string;
  gender: string | null;
  date_of_birth: string | null;
  city: string | null;
  body_type: string | null;
  how_often_drink: string | null;
  love_language: string | null;
  marital_status: string | null;
}

/** Post fields my strict preferences narrow the feed by (preference list → post column). */
type PostField = (typeof PREFERENCE_LIST_FIELDS)[number][1];

/** What one page of the feed asks the database for (built here, run by the repository). */
export interface FeedWalk {
  suitor: Suitor;
  suitorAge: number | null;
  /** Authors' genders (empty: any). */
  genders: string[];
  /** Authors' birth dates, when an age range applies. */
  birthDates: { after: string; onOrBefore: string } | null;
  /** Leave out authors who hide their age (the age range narrows the feed down: it would find their age). */
  hidesHiddenAges: boolean;
  city: string | null;
  province: string | null;
  /** Post fields that must be one of the values. */
  postFields: { column: PostField; values: string[] }[];
  /** Only photo-verified authors (issue 31). */
  verifiedOnly: boolean;
  /** Where the previous page ended; else `offset` posts are skipped. */
  after: { createdAt: string; id: string } | null;
  offset: number;
  limit: number;
}

export interface FeedPolicy {
  assertHasPreferences<T>(preferences: T | undefined): asserts preferences is T;
  assertCanLike(postOwnerId: string, userId: string): void;
  assertVisible<T>(post: T | undefined): asserts post is T;
  assertNoPost(existing: unknown): void;
  assertHasPost<T>(post: T | undefined): asserts post is T;
  walk(suitor: Suitor, prefs: PreferenceValues, query: FeedQuery, now: Date): FeedWalk;
}

/**
 * Who sees which posts (spec §1, §4 "Feed"; two-way like Discover). My side: the filters I set,
 * else my saved dating preferences' dealbreakers (genders, age, location, the vocabulary fields).
 * Their side (the repository's `visibleTo`): the post's partner preferences must fit me.
 */
export const feedPolicy: FeedPolicy = {
  /** Spec §4: a member without saved dating preferences gets 400 (the "requires preferences" state). */
  assertHasPreferences(preferences) {
    if (!preferences) throw new AppError(400, FEED_MESSAGES.preferencesRequired, { code: 'preferences_required' });
  },

  assertCanLike(postOwnerId, userId) {
    if (postOwnerId === userId) throw invalid('own_post', { post_id: [FEED_MESSAGES.ownPostLike] }, FEED_MESSAGES.ownPostLike);
  },

  assertVisible(post) {
    if (!post) throw notFound('post_not_found', FEED_MESSAGES.postNotFound);
  },

  assertNoPost(existing) {
    if (existing) throw conflict('post_exists', FEED_MESSAGES.postExists);
  },

  assertHasPost(post) {
    if (!post) throw notFound('post_not_found', FEED_MESSAGES.noPost);
  },

  walk(suitor, prefs, query, now) {
    const strict = new Set<string>(prefs.strict_fields);
    const genders = query.gender ? [query.gender] : strict.has('genders') ? prefs.genders : [];
    const ageSet = query.ageMin !== undefined || query.ageMax !== undefined;
    let ages: { min: number; max: number } | null = null;
    if (ageSet || strict.has('age')) {
      const min = query.ageMin ?? (ageSet ? AGE_LIMITS.min : prefs.age_min);
      ages = { min, max: Math.max(min, query.ageMax ?? (ageSet ? AGE_LIMITS.max : prefs.age_max)) };
    }
    const location = strict.has('location');
    const postFields: FeedWalk['postFields'] = [];
    for (const [field, column] of PREFERENCE_LIST_FIELDS) {
      if (column === 'relationship_type' && query.relationshipType) continue;
      if (strict.has(field) && prefs[field].length > 0) postFields.push({ column, values: prefs[field] });
    }
    if (query.relationshipType) postFields.push({ column: 'relationship_type', values: [query.relationshipType] });
    const after = query.cursor ? decodeCursor(query.cursor) : null;
    return {
      suitor,
      suitorAge: suitor.date_of_birth ? ageFromBirthDate(suitor.date_of_birth, now) : null,
      genders,
      birthDates: ages && birthDateBounds(ages.min, ages.max, now),
      hidesHiddenAges: contactPolicy.ageRangeRevealsAge(ages),
      city: query.city || (location ? prefs.city : null) || null,
      province: query.province || (location ? prefs.province : null) || null,
      postFields,
      verifiedOnly: query.verifiedOnly === 'true',
      after,
      offset: after ? 0 : (query.page - 1) * query.per_page,
      // One more than a page tells whether there is more.
      limit: query.per_page + 1,
    };
  },
};

/** The cursor after a post: its time and id, opaque to clients. */
export function encodeCursor(post: { created_at: string; id: string }): string {
  return Buffer.from(`${post.created_at}|${post.id}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const [createdAt, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!createdAt || !id || rest.length > 0 || Number.isNaN(Date.parse(createdAt)) || !/^[A-Za-z0-9_-]{1,64}$/.test(id)) {
    throw invalid('cursor_invalid', { cursor: ['This page link is not valid. Reload the feed.'] });
  }
  return { createdAt, id };
}
