import { z } from 'zod';
import { IdSchema, TimestampSchema } from './common';

/**
 * Profiles issue: photos and the profile another member sees. The own-profile, interests and
 * onboarding schemas follow below (profile module).
 */

/** Most photos a member may have. */
export const PHOTOS_MAX = 6;

/** Stored sizes of every photo (long edge in pixels): large 1080, medium 540, thumb 160. */
export const PhotoSizesSchema = z.object({ large: z.string(), medium: z.string(), thumb: z.string() });
export type PhotoSizes = z.infer<typeof PhotoSizesSchema>;

export const PhotoSchema = z.object({
  id: IdSchema,
  /** The large size; `sizes` has every size. */
  url: z.string(),
  sizes: PhotoSizesSchema,
  width: z.number().int(),
  height: z.number().int(),
  position: z.number().int().min(0),
  is_primary: z.boolean(),
  created_at: TimestampSchema,
});
export type Photo = z.infer<typeof PhotoSchema>;

/**
 * Another member's profile as anyone may see it (`GET /users/{id}`, discover cards, likes).
 * Never carries phone, e-mail, date of birth or coordinates; `age` and `distance` are null when
 * the member hides them (privacy settings) or they are unknown. `distance` is a bucket label.
 */
export const PublicProfileSchema = z.object({
  id: IdSchema,
  name: z.string(),
  age: z.number().int().nullable(),
  gender: z.string().nullable(),
  city: z.string().nullable(),
  province: z.string().nullable(),
  distance: z.string().nullable(),
  about: z.string().nullable(),
  photos: z.array(PhotoSchema),
  interests: z.array(z.string()),
  marital_status: z.string().nullable(),
  body_type: z.string().nullable(),
  relationship_type: z.string().nullable(),
  how_often_drink: z.string().nullable(),
  love_language: z.string().nullable(),
  height_cm: z.number().int().nullable(),
  job_title: z.string().nullable(),
  education: z.string().nullable(),
  /** Null when the member hides when they are online. */
  last_active_at: TimestampSchema.nullable(),
  is_online: z.boolean().nullable(),
});
export type PublicProfile = z.infer<typeof PublicProfileSchema>;
