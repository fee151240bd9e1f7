import { AUTH_MESSAGES, ONBOARDING_MESSAGES, needsOnboarding, type SessionUser } from '@linkup/contract';
import { AppError } from '../../lib/http-errors';

type OnboardingState = Pick<SessionUser, 'profile_completed' | 'onboarding_completed_at'>;

/** What the gate reads of a member: a confirmed number (null until its code is entered) and onboarding. */
export interface GateState {
  phone_number: string | null;
  profile_completed: unknown;
  onboarding_completed_at: string | null;
}

/**
 * Every action that reaches another member — likes, super likes, messages, post likes, publishing a
 * post, viewing a profile (a visit) — only from a member who has confirmed their mobile number (issue
 * 27: 409 `mobile_unverified`) and finished onboarding (the spec's post-login rule, enforced here
 * too: issue 17; 409 `onboarding_required`); never 401/403, which would sign the client out. A
 * confirmed number stays confirmed and finishing onboarding cannot be undone, so a member found
 * through the gate is remembered (up to `remembered` members; the one remembered longest ago is
 * forgotten first) and costs no further read.
 */
export class OnboardingGate {
  private readonly onboarded = new Set<string>();

  constructor(
    private readonly stateOf: (userId: string) => Promise<GateState | undefined>,
    private readonly remembered = 100_000,
  ) {}

  async assertOnboarded(userId: string): Promise<void> {
    if (this.onboarded.has(userId)) return;
    const row = await this.stateOf(userId);
    if (row && row.phone_number === null) throw new AppError(409, AUTH_MESSAGES.mobileUnverified, { code: 'mobile_unverified' });
    const state: OnboardingState | undefined = row && { profile_completed: Boolean(row.profile_completed), onboarding_completed_at: row.onboarding_completed_at };
    if (!state || needsOnboarding(state)) throw new AppError(409, ONBOARDING_MESSAGES.required, { code: 'onboarding_required' });
    if (this.onboarded.size >= this.remembered) this.onboarded.delete(this.onboarded.values().next().value!);
    this.onboarded.add(userId);
  }
}
