import { FEED_IMAGE_SLOTS, type FeedImage, type FeedPost, type OwnFeedPost } from '@linkup/contract';
import { photoUrls } from '../../adapters/storage/photos';
import type { PhotoStorage } from '../../adapters/storage/storage';
import { toBool, type FeedPostImageRow } from '../../db/schema';
import { ageFromBirthDate } from '../../lib/time';
import type { FeedPostListRow } from './feed.repository';

/** What a page adds to its posts: likes, photos and the authors' main photos. */
export interface PostExtras {
  likes: ReadonlyMap<string, { count: number; liked: boolean }>;
  images: readonly FeedPostImageRow[];
  mainPhotos: ReadonlyMap<string, string>;
}

export function presentImage(storage: PhotoStorage, row: Pick<FeedPostImageRow, 'id' | 'storage_key'>): FeedImage {
  const sizes = photoUrls(storage, row.storage_key);
  return { id: row.id, url: sizes.large, sizes };
}

/**
 * A post as members see it: the author's name, age (unless they hide it), gender and city as
 * their profile is now — never more than the profile shows — and the post's own fields.
 */
export function presentPost(storage: PhotoStorage, row: FeedPostListRow, extras: PostExtras, now = new Date()): FeedPost {
  const likes = extras.likes.get(row.id);
  const images = new Map(extras.images.filter((i) => i.post_id === row.id && i.slot !== null).map((i) => [i.slot!, i]));
  const imageUrl = (slot: number) => {
    const image = images.get(slot);
    return image ? photoUrls(storage, image.storage_key).large : null;
  };
  const mainPhoto = extras.mainPhotos.get(row.user_id);
  const showAge = row.author_show_age === null || toBool(row.author_show_age);
  return {
    id: row.id,
    user_id: row.user_id,
    name: row.author_name,
    age: showAge && row.author_date_of_birth ? ageFromBirthDate(row.author_date_of_birth, now) : null,
    gender: row.author_gender,
    city: row.author_city,
    marital_status: row.marital_status,
    relationship_type: row.relationship_type,
    how_often_drink: row.how_often_drink,
    love_language: row.love_language,
    body_type: row.body_type,
    profile_description: row.profile_description,
    image_1: imageUrl(1),
    image_2: imageUrl(2),
    image_3: imageUrl(3),
    image_4: imageUrl(4),
    is_available: toBool(row.is_available),
    preferred_age_min: Number(row.preferred_age_min),
    preferred_age_max: Number(row.preferred_age_max),
    preferred_body_type: row.preferred_body_type,
    preferred_city: row.preferred_city,
    preferred_drinking: row.preferred_drinking,
    preferred_love_language: row.preferred_love_language,
    preferred_marital_status: row.preferred_marital_status,
    is_liked: likes?.liked ?? false,
    likes_count: likes?.count ?? 0,
    user_photo: mainPhoto ? photoUrls(storage, mainPhoto) : null,
    is_verified: row.author_verified_at !== null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** My own post: as others see it (my age shown to me), plus the ids of its photos to send back. */
export function presentOwnPost(storage: PhotoStorage, row: FeedPostListRow, extras: PostExtras, now = new Date()): OwnFeedPost {
  const post = presentPost(storage, { ...row, author_show_age: true }, extras, now);
  const bySlot = new Map(extras.images.filter((i) => i.post_id === row.id && i.slot !== null).map((i) => [i.slot!, i]));
  const images = Object.fromEntries(FEED_IMAGE_SLOTS.map((slot, i) => {
    const image = bySlot.get(i + 1);
    return [slot, image ? presentImage(storage, image) : null];
  })) as OwnFeedPost['images'];
  return { ...post, images };
}
