import { z } from 'zod';
import { AGE_LIMITS, FEED_DEFAULTS, FIELD_LIMITS } from '../constants';
import { NOTIFICATION_TABS } from '../notification-rules';
import {
  BODY_TYPES, DRINKING_HABITS, GENDERS, LOVE_LANGUAGES, MARITAL_STATUSES, RELATIONSHIP_TYPES,
} from '../vocabularies';
import { IdSchema, TimestampSchema, lineText, multilineText, paginated } from './common';
import { PhotoSizesSchema } from './profile';
import { PushDataSchema } from './push';
import { verifiedOnlyFlag } from './verification';

/**
 * The feed (spec §1, §3, §4, §7 "Feed"): one post per member about themselves with the partner
 * they hope to meet, likes on other members' posts, and the notifications inbox.
 */

/** Posts per feed page, and notifications per inbox page. */
export const FEED_PAGE_SIZES = { posts: 10, notifications: 20 } as const;
/** Photos a post may show: image_1 … image_4. */
export const FEED_IMAGE_SLOTS = ['image_1', 'image_2', 'image_3', 'image_4'] as const;
export type FeedImageSlot = (typeof FEED_IMAGE_SLOTS)[number];
/** New post photos a member may hold before a save uses them (older unused ones are dropped). */
export const FEED_PENDING_IMAGES_MAX = FEED_IMAGE_SLOTS.length;

export const FEED_MESSAGES = {
  /** Spec §4: a 400 on GET /feed whose message mentions preferences → the "requires preferences" state. */
  preferencesRequired: 'Set your dating preferences to see the feed.',
  postExists: 'You already have a post. Edit or delete it instead.',
  noPost: "You don't have a post yet.",
  postNotFound: "This post isn't available.",
  created: 'Your post has been published.',
  updated: 'Your post has been updated.',
  deleted: 'Your post has been deleted.',
  imageUploaded: 'Your photo has been added to the post.',
  liked: 'Post liked.',
  unliked: 'Post unliked.',
  ownPostLike: "You can't like your own post.",
  notificationNotFound: 'This notification was not found.',
  imageChoice: 'Choose one of your photos or upload a new one.',
  imageTwice: 'Each photo can be used once in a post.',
  ageRange: `Choose an age from ${AGE_LIMITS.min} to ${AGE_LIMITS.max}.`,
  ageOrder: 'The minimum age must not be above the maximum age.',
  choose: 'Choose from the list.',
  description: `Your description can be at most ${FIELD_LIMITS.aboutMax} characters.`,
  city: `A city can be at most ${FIELD_LIMITS.cityMax} characters.`,
} as const;

/** What the Notifications view and the badge say about a like on my post. */
export const postLikeNotification = (name: string) => ({
  title: 'Someone liked your post',
  body: `${name} liked your post.`,
});

const choice = <const T extends readonly string[]>(values: T) =>
  z.enum(values, { error: FEED_MESSAGES.choose }).nullable().optional();

/** Free text: trimmed, empty means not set, no hidden characters (line breaks only where `lines`). */
const text = (max: number, message: string, lines = false) =>
  (lines ? multilineText({ error: message }) : lineText({ error: message }))
    .trim()
    .max(max, { error: message })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

const preferredAge = z
  .number({ error: FEED_MESSAGES.ageRange })
  .int({ error: FEED_MESSAGES.ageRange })
  .min(AGE_LIMITS.min, { error: FEED_MESSAGES.ageRange })
  .max(AGE_LIMITS.max, { error: FEED_MESSAGES.ageRange });

/**
 * A photo of the post: the id of one of my profile photos, or of a photo uploaded with
 * `POST /feed/my-post/images`, or of a photo the post already has; null leaves the slot empty.
 */
const imageRef = IdSchema.nullable().optional();

/**
 * `POST` and `PUT /feed/my-post` (spec §3 own-post form). Name, age, gender and city are the
 * profile's: the form shows them, the server takes them from the profile and ignores them here.
 */
export const FeedPostBodySchema = z
  .object({
    marital_status: choice(MARITAL_STATUSES),
    relationship_type: choice(RELATIONSHIP_TYPES),
    how_often_drink: choice(DRINKING_HABITS),
    love_language: choice(LOVE_LANGUAGES),
    body_type: choice(BODY_TYPES),
    profile_description: text(FIELD_LIMITS.aboutMax, FEED_MESSAGES.description, true),
    image_1: imageRef,
    image_2: imageRef,
    image_3: imageRef,
    image_4: imageRef,
    is_available: z.boolean().default(FEED_DEFAULTS.isAvailable),
    preferred_age_min: preferredAge.default(FEED_DEFAULTS.preferredAgeMin),
    preferred_age_max: preferredAge.default(FEED_DEFAULTS.preferredAgeMax),
    preferred_body_type: choice(BODY_TYPES),
    preferred_city: text(FIELD_LIMITS.cityMax, FEED_MESSAGES.city),
    preferred_drinking: choice(DRINKING_HABITS),
    preferred_love_language: choice(LOVE_LANGUAGES),
    preferred_marital_status: choice(MARITAL_STATUSES),
  })
  .refine((p) => p.preferred_age_min <= p.preferred_age_max, {
    error: FEED_MESSAGES.ageOrder,
    path: ['preferred_age_min'],
  });
export type FeedPostBody = z.input<typeof FeedPostBodySchema>;
export type FeedPostValues = z.output<typeof FeedPostBodySchema>;

/**
 * A post as the feed shows it: the spec §3 own-post fields (name, age, gender and city are the
 * author's profile's; age is null when the author hides it), plus id, is_liked, likes_count, the
 * author's id and main photo. `image_N` are URLs of the large size.
 */
export const FeedPostSchema = z.object({
  id: IdSchema,
  user_id: IdSchema,
  name: z.string(),
  age: z.number().int().nullable(),
  gender: z.string().nullable(),
  city: z.string().nullable(),
  marital_status: z.string().nullable(),
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
  /** The author's main profile photo. */
  user_photo: PhotoSizesSchema.nullable(),
  /** The author is photo-verified (issue 31). */
  is_verified: z.boolean().optional(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type FeedPost = z.infer<typeof FeedPostSchema>;

/** A photo of my own post: its id (to send back in a save) and its sizes. */
export const FeedImageSchema = z.object({ id: IdSchema, url: z.string(), sizes: PhotoSizesSchema });
export type FeedImage = z.infer<typeof FeedImageSchema>;

/** My own post: the feed's view of it plus the ids of its photos, slot by slot. */
export const OwnFeedPostSchema = FeedPostSchema.extend({
  images: z.object({
    image_1: FeedImageSchema.nullable(),
    image_2: FeedImageSchema.nullable(),
    image_3: FeedImageSchema.nullable(),
    image_4: FeedImageSchema.nullable(),
  }),
});
export type OwnFeedPost = z.infer<typeof OwnFeedPostSchema>;

/** Spec §3 own-post response. */
export const OwnPostResponseSchema = z.object({ has_post: z.boolean(), post: OwnFeedPostSchema.nullable() });
export type OwnPostResponse = z.infer<typeof OwnPostResponseSchema>;

/** Spec §3 feed filters (query parameters keep the spec's camelCase names). */
export const FeedFiltersSchema = z.object({
  gender: z.enum(GENDERS).optional(),
  ageMin: z.coerce.number().int().min(AGE_LIMITS.min).max(AGE_LIMITS.max).optional(),
  ageMax: z.coerce.number().int().min(AGE_LIMITS.min).max(AGE_LIMITS.max).optional(),
  city: lineText().trim().max(FIELD_LIMITS.cityMax).optional(),
  province: lineText().trim().max(FIELD_LIMITS.cityMax).optional(),
  relationshipType: z.enum(RELATIONSHIP_TYPES).optional(),
  /** Only posts of photo-verified members (issue 31). */
  verifiedOnly: verifiedOnlyFlag(),
});
export type FeedFilters = z.infer<typeof FeedFiltersSchema>;

/** Opaque paging cursor: where the previous page ended. */
export const FeedCursorSchema = z.string().max(200).regex(/^[A-Za-z0-9_-]+$/);

/**
 * `GET /feed`: the spec's `page` and filters, plus `cursor` — the `next_cursor` of the page
 * before, which keeps the order stable while new posts arrive (page 1 starts from the newest).
 */
export const FeedQuerySchema = FeedFiltersSchema.extend({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(50).default(FEED_PAGE_SIZES.posts),
  cursor: FeedCursorSchema.optional(),
});
export type FeedQuery = z.infer<typeof FeedQuerySchema>;

/** Spec §3 feed response data, plus the cursor of the next page. */
export const FeedPageSchema = z.object({
  posts: z.array(FeedPostSchema),
  has_more: z.boolean(),
  next_cursor: FeedCursorSchema.nullable(),
});
export type FeedPage = z.infer<typeof FeedPageSchema>;

/**
 * Spec §3 feed notification: one item of the inbox (every type: post likes now, and views,
 * likes, matches and messages as they are added), with the spec's push data in `data`.
 */
export const FeedNotificationSchema = z.object({
  id: IdSchema,
  type: z.string(),
  title: z.string(),
  body: z.string(),
  data: PushDataSchema,
  is_read: z.boolean(),
  read_at: TimestampSchema.nullable(),
  is_clicked: z.boolean(),
  clicked_at: TimestampSchema.nullable(),
  created_at: TimestampSchema,
});
export type FeedNotification = z.infer<typeof FeedNotificationSchema>;

/** `GET /feed/notifications`: newest first, paged, with the unread count behind the Feed badge. */
export const FeedNotificationsSchema = paginated(FeedNotificationSchema).extend({
  unread_count: z.number().int().min(0),
});
export type FeedNotifications = z.infer<typeof FeedNotificationsSchema>;

/**
 * `GET /feed/notifications/unread-count`: every unread item (the header bell's badge), and of them
 * those behind a tab's badge (issue 32: Feed counts likes on my post, Matches new matches).
 */
export const UnreadCountSchema = z.object({
  unread_count: z.number().int().min(0),
  tabs: z.object({ feed: z.number().int().min(0), matches: z.number().int().min(0) }),
});
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

/** `PUT /feed/notifications/read`: the tab whose notifications the member has now seen (its page is open). */
export const ReadTabBodySchema = z.object({ tab: z.enum(NOTIFICATION_TABS) });
export type ReadTabBody = z.infer<typeof ReadTabBodySchema>;

/** `POST /feed/posts/{id}/like` and `DELETE …/unlike`: the post's state after the call. */
export const PostLikeResultSchema = z.object({
  post_id: IdSchema,
  is_liked: z.boolean(),
  likes_count: z.number().int().min(0),
});
export type PostLikeResult = z.infer<typeof PostLikeResultSchema>;

/** Like/unlike applied locally (spec §4 "Feed"): floor 0. */
export function applyLikeToggle(post: Pick<FeedPost, 'is_liked' | 'likes_count'>, liked: boolean) {
  if (post.is_liked === liked) return { is_liked: liked, likes_count: post.likes_count };
  return { is_liked: liked, likes_count: Math.max(0, post.likes_count + (liked ? 1 : -1)) };
}
