import { SAFETY_MESSAGES, type PublicProfile } from '@linkup/contract';
import type { PhotoStorage } from '../../adapters/storage/storage';
import { isoNow, type Clock } from '../../lib/clock';
import { notFound } from '../../lib/http-errors';
import type { EntitlementsRepository } from '../shared/entitlements.repository';
import type { Notifier } from '../shared/notifier';
import type { OnboardingGate } from '../shared/onboarding-gate';
import { membersPolicy } from './members.policy';
import type { MembersRepository } from './members.repository';
import { presentPublicProfiles } from './public-profile.presenter';

/**
 * Other members' profiles. Unknown, deleted, blocked (either way) and unmatched members look the
 * same: 404.
 */
export class MembersService {
  constructor(
    private readonly repo: MembersRepository,
    private readonly storage: PhotoStorage,
    private readonly clock: Clock,
    private readonly notifier: Notifier,
    private readonly entitlements: Pick<EntitlementsRepository, 'isPremium'>,
    private readonly onboarding: Pick<OnboardingGate, 'assertOnboarded'>,
  ) {}

  /**
   * The profile as `viewerId` may see it; viewing someone else records a visit (once a UTC day),
   * which reaches them, so only a member who has finished onboarding views others.
   */
  async view(viewerId: string, memberId: string): Promise<PublicProfile> {
    const self = memberId === viewerId;
    if (!self) {
      await this.onboarding.assertOnboarded(viewerId);
      membersPolicy.assertVisible(await this.repo.findVisibility(viewerId, memberId));
    }
    const rows = await this.repo.publicProfileRows(viewerId, [memberId]);
    const profile = presentPublicProfiles(rows, this.storage, viewerId, [memberId], this.clock.now()).get(memberId);
    // Deleted between the two reads.
    if (!profile) throw notFound('member_not_found', SAFETY_MESSAGES.memberUnavailable);
    if (self) return profile;
    const [{ matched, likedMe }, viewerIsPremium] = await Promise.all([
      this.repo.relationRows(viewerId, memberId),
      this.entitlements.isPremium(viewerId, isoNow(this.clock)),
    ]);
    const messagePolicy = rows.privacy.get(memberId)?.message_policy ?? 'everyone';
    // The first visit of the day tells the member visited (Profile View).
    if (await this.repo.recordVisit(viewerId, memberId, isoNow(this.clock))) {
      await this.notifier.notify({ userId: memberId, type: 'profile_view', actorId: viewerId });
    }
    const viewerIsVerified = rows.users.find((u) => u.id === viewerId)?.verified_at != null;
    return { ...profile, relation: membersPolicy.relation({ matched, likedMe, messagePolicy, viewerIsPremium, viewerIsVerified }) };
  }

  /**
   * Public profiles of several members as `viewerId` may see them (discover cards and match
   * details show these too). Unknown ids are left out; blocks are the caller's business.
   */
  async profiles(viewerId: string, ids: readonly string[]): Promise<Map<string, PublicProfile>> {
    const rows = await this.repo.publicProfileRows(viewerId, ids);
    return presentPublicProfiles(rows, this.storage, viewerId, ids, this.clock.now());
  }
}
