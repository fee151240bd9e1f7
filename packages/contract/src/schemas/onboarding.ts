import { z } from 'zod';
import { TimestampSchema } from './common';
import { SessionUserSchema } from './auth';

/**
 * Onboarding (`/onboarding/welcome`, DESIGN §6): the steps a new member goes through after
 * registering. Finishing sets `profile_completed` and `onboarding_completed_at`; the required
 * steps must be done first, the others may be skipped and filled in later.
 */
export const ONBOARDING_STEP_KEYS = ['photos', 'about', 'basics', 'interests', 'preferences', 'location'] as const;
export type OnboardingStepKey = (typeof ONBOARDING_STEP_KEYS)[number];

/** The steps in order, with their names in the flow and whether finishing needs them. */
export const ONBOARDING_STEPS: Readonly<Record<OnboardingStepKey, { label: string; required: boolean }>> = {
  photos: { label: 'Photos', required: true },
  about: { label: 'About me', required: false },
  basics: { label: "Gender and what I'm looking for", required: true },
  interests: { label: 'Interests', required: false },
  preferences: { label: 'Dating preferences', required: true },
  location: { label: 'Location', required: true },
};

/** Why a required step is not done yet (422 field errors of `POST /onboarding/complete`). */
export const ONBOARDING_MISSING_MESSAGES: Readonly<Record<OnboardingStepKey, string>> = {
  photos: 'Add at least one photo.',
  about: 'Tell other members a little about yourself.',
  basics: 'Choose your gender and what you are looking for.',
  interests: 'Pick at least one interest.',
  preferences: 'Save your dating preferences.',
  location: 'Set your city and province.',
};

export const ONBOARDING_MESSAGES = {
  incomplete: 'Please finish the remaining steps first.',
  /** A like, super like or message before onboarding is complete (409 onboarding_required). */
  required: 'Finish setting up your profile first: likes and messages open once it is complete.',
  completed: 'Welcome to LinkUp! Your profile is ready.',
} as const;

export const OnboardingStepSchema = z.object({
  key: z.enum(ONBOARDING_STEP_KEYS),
  label: z.string(),
  required: z.boolean(),
  done: z.boolean(),
});
export type OnboardingStep = z.infer<typeof OnboardingStepSchema>;

/** `GET /onboarding/status`. */
export const OnboardingStatusSchema = z.object({
  steps: z.array(OnboardingStepSchema),
  /** The first step not done yet (where the flow resumes), or null when all are done. */
  next_step: z.enum(ONBOARDING_STEP_KEYS).nullable(),
  /** Every required step is done, so `POST /onboarding/complete` will succeed. */
  can_complete: z.boolean(),
  completed: z.boolean(),
  completed_at: TimestampSchema.nullable(),
});
export type OnboardingStatus = z.infer<typeof OnboardingStatusSchema>;

/** `POST /onboarding/complete` answers like `GET /auth/user`. */
export const OnboardingCompleteSchema = z.object({ user: SessionUserSchema });
