import { z } from 'zod';
import { IdSchema, TimestampSchema } from './common';

/** Spec §3 user as the session keeps it. */
export const SessionUserSchema = z.object({
  id: IdSchema,
  name: z.string(),
  phone_number: z.string().nullable(),
  email: z.string().nullable(),
  profile_completed: z.boolean(),
  onboarding_completed_at: TimestampSchema.nullable(),
  email_verified_at: TimestampSchema.nullable().optional(),
  is_premium: z.boolean().optional(),
  avatar_url: z.string().nullable().optional(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** Spec §3 session, kept in local storage: token plus user. */
export const SessionSchema = z.object({ token: z.string().min(1), user: SessionUserSchema });
export type Session = z.infer<typeof SessionSchema>;

/** Spec §3 reset-password link parameters: both must be present for the link to be followed. */
export const ResetPasswordLinkParamsSchema = z.object({
  token: z.string().min(1),
  mobile: z.string().min(1),
});
export type ResetPasswordLinkParams = z.infer<typeof ResetPasswordLinkParamsSchema>;

/** After sign-in: onboarding unless the profile is complete (spec §4 "Auth"). */
export function needsOnboarding(user: Pick<SessionUser, 'profile_completed' | 'onboarding_completed_at'>): boolean {
  return !user.profile_completed || !user.onboarding_completed_at;
}
