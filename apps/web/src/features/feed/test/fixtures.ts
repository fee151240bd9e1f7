import type { ErrorCode, FeedPost, OwnFeedPost } from '@linkup/contract';
import { apiError, json } from '@/test/fixtures';

export const ok = (data: unknown, message?: string) => json(200, { success: true, data, ...(message ? { message } : {}) });
/** 201: what creating answers (POST /feed/my-post, its images). */
export const created = (data: unknown, message?: string) => json(201, { success: true, data, ...(message ? { message } : {}) });
/** The API error object, with `code` (by default the status's general code). */
export const failure = (status: number, message: string, code?: ErrorCode) => apiError(status, message, undefined, code);

export function buildPost(id: string, name: string, overrides: Partial<FeedPost> = {}): FeedPost {
  return {
    id, user_id: `usr_${id}`, name, age: 28, gender: 'female', city: 'Cape Town',
    marital_status: 'single', relationship_type: 'long_term', how_often_drink: 'socially', love_language: 'quality_time', body_type: 'athletic',
    profile_description: `Hi, I am ${name}.`, image_1: `/media/photos/${id}/large.webp`, image_2: null, image_3: null, image_4: null,
    is_available: true, preferred_age_min: 25, preferred_age_max: 40, preferred_body_type: null, preferred_city: 'Cape Town',
    preferred_drinking: null, preferred_love_language: null, preferred_marital_status: null,
    is_liked: false, likes_count: 2, user_photo: null,
    created_at: '2030-01-01T10:00:00.000Z', updated_at: '2030-01-01T10:00:00.000Z',
    ...overrides,
  };
}

export function buildOwnPost(overrides: Partial<OwnFeedPost> = {}): OwnFeedPost {
  return {
    ...buildPost('mine', 'Alex Demo', { user_id: 'usr_me', likes_count: 3 }),
    images: { image_1: { id: 'img_1', url: '/media/photos/mine/large.webp', sizes: { large: '/l', medium: '/m', thumb: '/t' } }, image_2: null, image_3: null, image_4: null },
    ...overrides,
  };
}

export const page = (posts: FeedPost[], hasMore = false, cursor: string | null = null) => ({ posts, has_more: hasMore, next_cursor: cursor });
