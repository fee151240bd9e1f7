import { z } from 'zod';
import { AGE_LIMITS, FIELD_LIMITS } from '../constants';
import { MATCHING_PAGE_SIZES } from '../matching-rules';
import { GENDERS } from '../vocabularies';
import { IdSchema, TimestampSchema, lineText } from './common';
import { PhotoSizesSchema, PublicProfileSchema } from './profile';
import { verifiedOnlyFlag } from './verification';

/** Discover, likes, matches, visitors and activity (spec §7 "Matches"; DESIGN §6). */

const optionalInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max).optional();

/** `GET /matches/discover` filters; unset filters fall back to the member's preferences. */
export const DiscoverQuerySchema = z
  .object({
    gender: z.enum(GENDERS).optional(),
    age_min: optionalInt(AGE_LIMITS.min, AGE_LIMITS.max),
    age_max: optionalInt(AGE_LIMITS.min, AGE_LIMITS.max),
    city: lineText().trim().min(1).max(FIELD_LIMITS.cityMax).optional(),
    province: lineText().trim().min(1).max(FIELD_LIMITS.cityMax).optional(),
    distance: optionalInt(1, 1000),
    /** Only photo-verified members (issue 31). */
    verified_only: verifiedOnlyFlag(),
    page: z.coerce.number().int().min(1).max(1000).default(1),
    per_page: z.coerce.number().int().min(1).max(50).default(MATCHING_PAGE_SIZES.discover),
  })
  .refine((q) => q.age_min === undefined || q.age_max === undefined || q.age_min <= q.age_max, {
    path: ['age_max'],
    error: 'The maximum age must not be below the minimum age.',
  });
export type DiscoverQuery = z.infer<typeof DiscoverQuerySchema>;

/** A discover card: the public profile plus why it is shown. */
export const DiscoverCardSchema = PublicProfileSchema.extend({
  /** Short reasons: '3 shared interests', 'New here', 'Boosted'. */
  reasons: z.array(z.string()),
  /** 0–100: how well the two fit each other's preferences and interests. */
  compatibility: z.number().int().min(0).max(100),
  is_boosted: z.boolean(),
  shared_interests: z.array(z.string()),
});
export type DiscoverCard = z.infer<typeof DiscoverCardSchema>;

export const DiscoverPageSchema = z.object({ items: z.array(DiscoverCardSchema), has_more: z.boolean() });
export type DiscoverPage = z.infer<typeof DiscoverPageSchema>;

/** Another member in lists (matches, likes, visitors, activity): no contact details, ever. */
export const MemberSummarySchema = z.object({
  id: IdSchema,
  name: z.string(),
  age: z.number().int().nullable(),
  city: z.string().nullable(),
  photo: PhotoSizesSchema.nullable(),
  /** Photo-verified (issue 31): the badge beside the name. */
  is_verified: z.boolean().optional(),
});
export type MemberSummary = z.infer<typeof MemberSummarySchema>;

export const MatchKindSchema = z.enum(['like', 'super_like']);

export const MatchSchema = z.object({
  id: IdSchema,
  kind: MatchKindSchema,
  created_at: TimestampSchema,
  chat_room_id: IdSchema.nullable(),
  user: MemberSummarySchema,
});
export type Match = z.infer<typeof MatchSchema>;

export const MatchDetailsSchema = MatchSchema.extend({
  shared_interests: z.array(z.string()),
  /** Who liked first, and how each side liked. */
  liked_first: z.enum(['me', 'them']),
  my_action: MatchKindSchema,
  their_action: MatchKindSchema,
  profile: PublicProfileSchema,
});
export type MatchDetails = z.infer<typeof MatchDetailsSchema>;

export const SwipeActionSchema = z.enum(['like', 'super_like', 'pass']);
export type SwipeAction = z.infer<typeof SwipeActionSchema>;

/** What a like, super like or pass answers. */
export const SwipeResultSchema = z.object({
  action: SwipeActionSchema,
  matched: z.boolean(),
  match: MatchSchema.nullable(),
  /** Null when unlimited (premium). */
  likes_left: z.number().int().nullable(),
  super_likes_left: z.number().int(),
});
export type SwipeResult = z.infer<typeof SwipeResultSchema>;

/** A list a free member sees only as a count and blurred placeholders (no names, no photos). */
function lockableList<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int().min(0),
    locked: z.boolean(),
    /** Empty when locked. */
    items: z.array(item),
    /** How many blurred placeholders to draw when locked. */
    placeholders: z.number().int().min(0),
  });
}

export const LikeReceivedSchema = z.object({ user: MemberSummarySchema, kind: MatchKindSchema, liked_at: TimestampSchema });
export type LikeReceived = z.infer<typeof LikeReceivedSchema>;
export const LikesReceivedSchema = lockableList(LikeReceivedSchema);
export type LikesReceived = z.infer<typeof LikesReceivedSchema>;

export const VisitorSchema = z.object({ user: MemberSummarySchema, visited_at: TimestampSchema });
export type Visitor = z.infer<typeof VisitorSchema>;
export const VisitorsSchema = lockableList(VisitorSchema);
export type Visitors = z.infer<typeof VisitorsSchema>;

export const MatchStatsSchema = z.object({
  likes_sent: z.number().int(),
  likes_received: z.number().int(),
  matches: z.number().int(),
  super_likes_received: z.number().int(),
  profile_views: z.number().int(),
  /** Null when unlimited. */
  likes_left_today: z.number().int().nullable(),
  super_likes_left_today: z.number().int(),
  is_premium: z.boolean(),
  boost_active_until: TimestampSchema.nullable(),
  /** When the daily limits reset (next UTC midnight). */
  resets_at: TimestampSchema,
});
export type MatchStats = z.infer<typeof MatchStatsSchema>;

export const ActivityTypeSchema = z.enum(['like_sent', 'super_like_sent', 'match', 'visit', 'visited_me', 'super_like_received']);
export const ActivityItemSchema = z.object({
  type: ActivityTypeSchema,
  at: TimestampSchema,
  user: MemberSummarySchema,
  match_id: IdSchema.nullable(),
});
export type ActivityItem = z.infer<typeof ActivityItemSchema>;
export const ActivitySchema = z.object({ items: z.array(ActivityItemSchema) });

export const UndoResultSchema = z.object({ action: z.enum(['like', 'super_like', 'pass']), user_id: IdSchema });
export type UndoResult = z.infer<typeof UndoResultSchema>;

export const BoostSchema = z.object({ active_until: TimestampSchema });
export type Boost = z.infer<typeof BoostSchema>;
