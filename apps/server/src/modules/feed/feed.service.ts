import {
  FEED_IMAGE_SLOTS, FEED_MESSAGES, FEED_PENDING_IMAGES_MAX,
  type FeedImage, type FeedPage, type FeedPost, type FeedPostValues, type FeedQuery, type OwnPostResponse, type PostLikeResult,
} from '@linkup/contract';
import { intakePhoto, type PhotoLimits } from '../../adapters/storage/photo-intake';
import { copyStoredPhoto, deleteStoredPhoto } from '../../adapters/storage/photos';
import type { PhotoStorage } from '../../adapters/storage/storage';
import { isUniqueViolation } from '../../db/errors';
import type { FeedPostImageRow } from '../../db/schema';
import { invalid, unauthorized } from '../../lib/http-errors';
import { newId } from '../../lib/ids';
import { isoNow, type Clock } from '../../lib/clock';
import { ageFromBirthDate } from '../../lib/time';
import { preferenceValues } from '../shared/preferences';
import type { Notifier } from '../shared/notifier';
import type { OnboardingGate } from '../shared/onboarding-gate';
import { encodeCursor, feedPolicy, type Suitor } from './feed.policy';
import { presentImage, presentOwnPost, presentPost, type PostExtras } from './feed.presenter';
import type { FeedPostListRow, FeedPostValuesRow, FeedRepository } from './feed.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The feed (issue 13): one post per member about themselves and the partner they hope to meet,
 * the posts of others that fit both ways, newest first, and likes. A like on my post reaches my
 * notifications inbox (once a day per member and post, however often they like and unlike).
 * Likes and publishing reach other members: only a member who has finished onboarding does them.
 */
export class FeedService {
  constructor(
    private readonly repo: FeedRepository,
    private readonly storage: PhotoStorage,
    private readonly notifier: Notifier,
    private readonly photoLimits: PhotoLimits,
    private readonly clock: Clock,
    private readonly onboarding: Pick<OnboardingGate, 'assertOnboarded'>,
  ) {}

  // ── Reading ──

  async feed(userId: string, query: FeedQuery): Promise<FeedPage> {
    const [suitor, prefs] = await Promise.all([this.suitor(userId), this.repo.preferences(userId)]);
    feedPolicy.assertHasPreferences(prefs);
    const walk = feedPolicy.walk(suitor, preferenceValues(prefs), query, this.clock.now());
    const rows = await this.repo.feedPage(walk);
    const page = rows.slice(0, query.per_page);
    const hasMore = rows.length > query.per_page;
    const last = page.at(-1);
    return {
      posts: await this.present(userId, page),
      has_more: hasMore,
      next_cursor: hasMore && last ? encodeCursor(last) : null,
    };
  }

  /** One post: my own, or another member's that I may see (404 otherwise). */
  async post(userId: string, postId: string): Promise<FeedPost> {
    const own = await this.repo.ownPost(userId);
    if (own?.id === postId) return (await this.present(userId, [own]))[0]!;
    const row = await this.visiblePost(userId, postId);
    return (await this.present(userId, [row]))[0]!;
  }

  // ── Likes ──

  /** Likes a post I may see; a second like changes nothing. */
  async like(userId: string, postId: string): Promise<PostLikeResult> {
    await this.onboarding.assertOnboarded(userId);
    const owner = await this.repo.postOwner(postId);
    feedPolicy.assertVisible(owner);
    feedPolicy.assertCanLike(owner, userId);
    const post = await this.visiblePost(userId, postId);
    const now = this.clock.now();
    if (await this.repo.insertLike(post.id, userId, now.toISOString())) await this.notifyLike(userId, post);
    return this.likeState(userId, post.id);
  }

  /** Takes my like back; unliking what I never liked changes nothing. */
  async unlike(userId: string, postId: string): Promise<PostLikeResult> {
    const owner = await this.repo.postOwner(postId);
    feedPolicy.assertVisible(owner);
    feedPolicy.assertCanLike(owner, userId);
    const post = await this.visiblePost(userId, postId);
    await this.repo.deleteLike(post.id, userId);
    return this.likeState(userId, post.id);
  }

  private async likeState(userId: string, postId: string): Promise<PostLikeResult> {
    const stats = (await this.repo.likeStats(userId, [postId])).get(postId);
    return { post_id: postId, is_liked: stats?.liked ?? false, likes_count: stats?.count ?? 0 };
  }

  private async notifyLike(likerId: string, post: FeedPostListRow): Promise<void> {
    // Like, unlike, like again: one notification a day.
    await this.notifier.notify({ userId: post.user_id, type: 'post_like', actorId: likerId, subjectId: post.id, onceWithinMs: DAY_MS });
  }

  // ── My post ──

  async myPost(userId: string): Promise<OwnPostResponse> {
    const row = await this.repo.ownPost(userId);
    if (!row) return { has_post: false, post: null };
    return { has_post: true, post: presentOwnPost(this.storage, row, await this.extras(userId, [row]), this.clock.now()) };
  }

  /** Publishes my one post; a second (also two at once) is 409. */
  async createPost(userId: string, values: FeedPostValues): Promise<OwnPostResponse> {
    await this.onboarding.assertOnboarded(userId);
    feedPolicy.assertNoPost(await this.repo.ownPost(userId));
    const { slots, created } = await this.resolveImages(userId, null, values);
    const now = isoNow(this.clock);
    const id = newId();
    let removed: FeedPostImageRow[];
    try {
      removed = await this.repo.transaction(async (trx) => {
        await this.repo.insertPost({ id, user_id: userId, ...postColumns(values), created_at: now, updated_at: now }, trx);
        return this.repo.setPostImages(trx, userId, id, slots);
      });
    } catch (error) {
      await this.dropImages(created);
      if (isUniqueViolation(error)) feedPolicy.assertNoPost(true);
      throw error;
    }
    await this.deleteFiles(removed);
    return this.myPost(userId);
  }

  /** Replaces my post's fields and photos (everything the form shows). */
  async updatePost(userId: string, values: FeedPostValues): Promise<OwnPostResponse> {
    const existing = await this.repo.ownPost(userId);
    feedPolicy.assertHasPost(existing);
    const { slots, created } = await this.resolveImages(userId, existing.id, values);
    let removed: FeedPostImageRow[];
    try {
      removed = await this.repo.transaction(async (trx) => {
        await this.repo.updatePost(existing.id, { ...postColumns(values), updated_at: isoNow(this.clock) }, trx);
        return this.repo.setPostImages(trx, userId, existing.id, slots);
      });
    } catch (error) {
      await this.dropImages(created);
      throw error;
    }
    await this.deleteFiles(removed);
    return this.myPost(userId);
  }

  /** Deletes my post with its photos and likes. */
  async deletePost(userId: string): Promise<void> {
    const existing = await this.repo.ownPost(userId);
    feedPolicy.assertHasPost(existing);
    const keys = await this.repo.imageKeysOfPost(existing.id);
    const pending = await this.repo.pendingImages(userId);
    if (!(await this.repo.deletePost(existing.id))) feedPolicy.assertHasPost(undefined);
    await this.dropImages(pending);
    for (const key of keys) await deleteStoredPhoto(this.storage, key).catch(() => {});
  }

  /**
   * A new photo for my post, through the profile photos' pipeline (checked, re-encoded, metadata
   * stripped). It waits, unused, until a save puts it in a slot; the oldest unused ones go when
   * there are more than a post can show.
   */
  async uploadImage(userId: string, input: Buffer): Promise<FeedImage> {
    const stored = await intakePhoto(this.storage, input, this.photoLimits);
    const row: FeedPostImageRow = {
      id: newId(), user_id: userId, post_id: null, slot: null, storage_key: stored.storageKey,
      width: stored.width, height: stored.height, created_at: isoNow(this.clock),
    };
    try {
      await this.repo.insertImage(row);
    } catch (error) {
      await deleteStoredPhoto(this.storage, stored.storageKey).catch(() => {});
      throw error;
    }
    const pending = await this.repo.pendingImages(userId);
    await this.dropImages(pending.slice(0, Math.max(0, pending.length - FEED_PENDING_IMAGES_MAX)));
    return presentImage(this.storage, row);
  }

  // ── Helpers ──

  private async suitor(userId: string): Promise<Suitor & { name: string }> {
    const viewer = await this.repo.viewer(userId);
    if (!viewer) throw unauthorized();
    return viewer;
  }

  private async visiblePost(userId: string, postId: string): Promise<FeedPostListRow> {
    const suitor = await this.suitor(userId);
    const age = suitor.date_of_birth ? ageFromBirthDate(suitor.date_of_birth, this.clock.now()) : null;
    const row = await this.repo.visiblePost(suitor, age, postId);
    feedPolicy.assertVisible(row);
    return row;
  }

  private async extras(userId: string, rows: readonly FeedPostListRow[]): Promise<PostExtras> {
    const postIds = rows.map((r) => r.id);
    const [likes, images, mainPhotos] = await Promise.all([
      this.repo.likeStats(userId, postIds),
      this.repo.postImages(postIds),
      this.repo.mainPhotoKeys(rows.map((r) => r.user_id)),
    ]);
    return { likes, images, mainPhotos };
  }

  private async present(userId: string, rows: readonly FeedPostListRow[]): Promise<FeedPost[]> {
    const extras = await this.extras(userId, rows);
    const now = this.clock.now();
    return rows.map((row) => presentPost(this.storage, row, extras, now));
  }

  /**
   * The photo in each slot: one of my post photos (a new upload or one the post has), or one of
   * my profile photos, which is copied so the post keeps it whatever happens to the profile.
   */
  private async resolveImages(userId: string, postId: string | null, values: FeedPostValues): Promise<{ slots: Map<number, string>; created: FeedPostImageRow[] }> {
    const chosen = FEED_IMAGE_SLOTS.map((slot, i) => ({ slot, n: i + 1, id: values[slot] ?? null })).filter((c): c is { slot: typeof c.slot; n: number; id: string } => c.id !== null);
    const seen = new Set<string>();
    for (const c of chosen) {
      if (seen.has(c.id)) throw invalid('post_image_twice', { [c.slot]: [FEED_MESSAGES.imageTwice] }, FEED_MESSAGES.imageTwice);
      seen.add(c.id);
    }
    const ids = chosen.map((c) => c.id);
    const [images, photos] = await Promise.all([this.repo.myImages(userId, ids), this.repo.myProfilePhotos(userId, ids)]);
    const usable = new Map(images.filter((i) => i.post_id === null || i.post_id === postId).map((i) => [i.id, i]));
    const profile = new Map(photos.map((p) => [p.id, p]));
    for (const c of chosen) {
      if (!usable.has(c.id) && !profile.has(c.id)) throw invalid('post_image_invalid', { [c.slot]: [FEED_MESSAGES.imageChoice] }, FEED_MESSAGES.imageChoice);
    }

    const slots = new Map<number, string>();
    const created: FeedPostImageRow[] = [];
    try {
      for (const c of chosen) {
        const own = usable.get(c.id);
        if (own) {
          slots.set(c.n, own.id);
          continue;
        }
        const photo = profile.get(c.id)!;
        const row: FeedPostImageRow = {
          id: newId(), user_id: userId, post_id: null, slot: null, storage_key: await copyStoredPhoto(this.storage, photo.storage_key),
          width: photo.width, height: photo.height, created_at: isoNow(this.clock),
        };
        await this.repo.insertImage(row);
        created.push(row);
        slots.set(c.n, row.id);
      }
    } catch (error) {
      await this.dropImages(created);
      throw error;
    }
    return { slots, created };
  }

  private async dropImages(rows: readonly FeedPostImageRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.repo.deleteImages(rows.map((r) => r.id));
    await this.deleteFiles(rows);
  }

  private async deleteFiles(rows: readonly Pick<FeedPostImageRow, 'storage_key'>[]): Promise<void> {
    for (const row of rows) await deleteStoredPhoto(this.storage, row.storage_key).catch(() => {});
  }
}

/** The columns a save writes. */
function postColumns(values: FeedPostValues): FeedPostValuesRow {
  return {
    marital_status: values.marital_status ?? null,
    relationship_type: values.relationship_type ?? null,
    how_often_drink: values.how_often_drink ?? null,
    love_language: values.love_language ?? null,
    body_type: values.body_type ?? null,
    profile_description: values.profile_description ?? null,
    is_available: values.is_available,
    preferred_age_min: values.preferred_age_min,
    preferred_age_max: values.preferred_age_max,
    preferred_body_type: values.preferred_body_type ?? null,
    preferred_city: values.preferred_city ?? null,
    preferred_drinking: values.preferred_drinking ?? null,
    preferred_love_language: values.preferred_love_language ?? null,
    preferred_marital_status: values.preferred_marital_status ?? null,
  };
}
