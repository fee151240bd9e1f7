import { z } from 'zod';
import { AGE_LIMITS, FEED_DEFAULTS, FIELD_LIMITS } from '../constants';
import {
  BODY_TYPES, DRINKING_HABITS, GENDERS, LOVE_LANGUAGES, MARITAL_STATUSES, RELATIONSHIP_TYPES,
} from '../vocabularies';
import { IdSchema, TimestampSchema } from './common';

const age = z.number().int().min(AGE_LIMITS.min).max(AGE_LIMITS.max);
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const imageUrl = z.string().max(2048).nullable().optional();

/** Spec §3 own-post form. */
export const FeedPostFormSchema = z.object({
  name: z.string().trim().min(1).max(FIELD_LIMITS.nameMax),
  age,
  gender: z.enum(GENDERS),
  marital_status: z.enum(MARITAL_STATUSES).nullable().optional(),
  city: optionalText(FIELD_LIMITS.cityMax),
  relationship_type: z.enum(RELATIONSHIP_TYPES).nullable().optional(),
  how_often_drink: z.enum(DRINKING_HABITS).nullable().optional(),
  love_language: z.enum(LOVE_LANGUAGES).nullable().optional(),
  body_type: z.enum(BODY_TYPES).nullable().optional(),
  profile_description: optionalText(FIELD_LIMITS.aboutMax),
  image_1: imageUrl,
  image_2: imageUrl,
  image_3: imageUrl,
  image_4: imageUrl,
  is_available: z.boolean().default(FEED_DEFAULTS.isAvailable),
  preferred_age_min: age.default(FEED_DEFAULTS.preferredAgeMin),
  preferred_age_max: age.default(FEED_DEFAULTS.preferredAgeMax),
  preferred_body_type: z.enum(BODY_TYPES).nullable().optional(),
  preferred_city: optionalText(FIELD_LIMITS.cityMax),
  preferred_drinking: z.enum(DRINKING_HABITS).nullable().optional(),
  preferred_love_language: z.enum(LOVE_LANGUAGES).nullable().optional(),
  preferred_marital_status: z.enum(MARITAL_STATUSES).nullable().optional(),
}).refine((p) => p.preferred_age_min <= p.preferred_age_max, {
  message: 'The minimum age must not be above the maximum age.',
  path: ['preferred_age_min'],
});
export type FeedPostForm = z.infer<typeof FeedPostFormSchema>;

/** A post as the feed shows it. */
export const FeedPostSchema = z.object({
  id: IdSchema,
  user_id: IdSchema,
  name: z.string(),
  age: z.number().int(),
  gender: z.string(),
  marital_status: z.string().nullable(),
  city: z.string().nullable(),
  relationship_type: z.string().nullable(),
  how_often_drink: z.string().nullable(),
  love_language: z.string().nullable(),
  body_type: z.string().nullable(),
  profile_description: z.string().nullable(),
  image_1: z.string().nullable(),
  image_2: z.string().nullable(),
  image_3: z.string().nullable(),
  image_4: z.string().nullable(),
  is_available: z.boolean(),
  preferred_age_min: z.number().int(),
  preferred_age_max: z.number().int(),
  preferred_body_type: z.string().nullable(),
  preferred_city: z.string().nullable(),
  preferred_drinking: z.string().nullable(),
  preferred_love_language: z.string().nullable(),
  preferred_marital_status: z.string().nullable(),
  is_liked: z.boolean(),
  likes_count: z.number().int().min(0),
  created_at: TimestampSchema,
});
export type FeedPost = z.infer<typeof FeedPostSchema>;

/** Spec §3 own-post response. */
export const OwnPostResponseSchema = z.object({ has_post: z.boolean(), post: FeedPostSchema.nullable() });
export type OwnPostResponse = z.infer<typeof OwnPostResponseSchema>;

/** Spec §3 feed filters (query parameters keep the spec's camelCase names). */
export const FeedFiltersSchema = z.object({
  gender: z.enum(GENDERS).optional(),
  ageMin: z.coerce.number().int().min(AGE_LIMITS.min).max(AGE_LIMITS.max).optional(),
  ageMax: z.coerce.number().int().min(AGE_LIMITS.min).max(AGE_LIMITS.max).optional(),
  city: z.string().trim().max(FIELD_LIMITS.cityMax).optional(),
  province: z.string().trim().max(FIELD_LIMITS.cityMax).optional(),
  relationshipType: z.enum(RELATIONSHIP_TYPES).optional(),
});
export type FeedFilters = z.infer<typeof FeedFiltersSchema>;

/** Spec §3 feed response data. */
export const FeedPageSchema = z.object({ posts: z.array(FeedPostSchema), has_more: z.boolean() });
export type FeedPage = z.infer<typeof FeedPageSchema>;

/** Spec §3 feed notification. */
export const FeedNotificationSchema = z.object({
  id: IdSchema,
  type: z.string(),
  title: z.string(),
  body: z.string(),
  data: z.record(z.string(), z.unknown()).nullable().optional(),
  is_read: z.boolean(),
  read_at: TimestampSchema.nullable(),
  is_clicked: z.boolean(),
  clicked_at: TimestampSchema.nullable(),
  created_at: TimestampSchema,
});
export type FeedNotification = z.infer<typeof FeedNotificationSchema>;

/** Like/unlike applied locally (spec §4 "Feed"): floor 0. */
export function applyLikeToggle(post: Pick<FeedPost, 'is_liked' | 'likes_count'>, liked: boolean) {
  return { is_liked: liked, likes_count: Math.max(0, post.likes_count + (liked ? 1 : -1)) };
}
