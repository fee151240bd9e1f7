import {
  ONBOARDING_MESSAGES, ONBOARDING_MISSING_MESSAGES, ONBOARDING_STEPS, ONBOARDING_STEP_KEYS,
  type OnboardingStatus, type OnboardingStepKey, type SessionUser,
} from '@linkup/contract';
import { toBool, type UserRow } from '../../db/schema';
import { invalid, notFound } from '../../lib/http-errors';
import { isoNow, type Clock } from '../../lib/clock';
import type { OnboardingFacts, OnboardingRepository } from './onboarding.repository';

const filled = (value: string | null | undefined) => Boolean(value && value.trim());

/** Which steps a member has done, judged from what their profile holds (so the flow can resume anywhere). */
export function stepsDone(user: UserRow, facts: OnboardingFacts): Record<OnboardingStepKey, boolean> {
  return {
    photos: facts.photos > 0,
    about: filled(user.about),
    basics: filled(user.gender) && filled(user.relationship_type),
    interests: facts.interests > 0,
    preferences: facts.hasPreferences,
    location: filled(user.city) && filled(user.province),
  };
}

/** The guided first-run flow: where a member stands, and finishing it. */
export class OnboardingService {
  constructor(
    private readonly repo: OnboardingRepository,
    /** The session user as `GET /auth/user` shows it (the shared SessionUsers). */
    private readonly sessionUser: (user: UserRow) => Promise<SessionUser>,
    private readonly clock: Clock,
  ) {}

  async status(userId: string): Promise<OnboardingStatus> {
    const user = await this.user(userId);
    const done = stepsDone(user, await this.repo.facts(userId));
    const completed = toBool(user.profile_completed) && user.onboarding_completed_at !== null;
    return {
      steps: ONBOARDING_STEP_KEYS.map((key) => ({ key, ...ONBOARDING_STEPS[key], done: done[key] })),
      next_step: ONBOARDING_STEP_KEYS.find((key) => !done[key]) ?? null,
      can_complete: ONBOARDING_STEP_KEYS.every((key) => done[key] || !ONBOARDING_STEPS[key].required),
      completed,
      completed_at: user.onboarding_completed_at,
    };
  }

  /** Idempotent: finishing again changes nothing and keeps the first completion time. */
  async complete(userId: string): Promise<SessionUser> {
    const user = await this.user(userId);
    if (!(toBool(user.profile_completed) && user.onboarding_completed_at)) {
      const done = stepsDone(user, await this.repo.facts(userId));
      const missing = ONBOARDING_STEP_KEYS.filter((key) => ONBOARDING_STEPS[key].required && !done[key]);
      if (missing.length > 0) {
        throw invalid('onboarding_incomplete', Object.fromEntries(missing.map((key) => [key, [ONBOARDING_MISSING_MESSAGES[key]]])), ONBOARDING_MESSAGES.incomplete);
      }
      await this.repo.markCompleted(userId, isoNow(this.clock));
    }
    return this.sessionUser(await this.user(userId));
  }

  private async user(userId: string): Promise<UserRow> {
    const user = await this.repo.findUser(userId);
    if (!user) throw notFound('member_not_found');
    return user;
  }
}
