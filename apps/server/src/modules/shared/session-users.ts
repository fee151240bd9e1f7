import type { SessionUser } from '@linkup/contract';
import type { UserRow } from '../../db/schema';
import { isoNow, type Clock } from '../../lib/clock';
import type { EntitlementsRepository } from './entitlements.repository';
import type { MemberRolesRepository } from './member-roles.repository';
import type { MemberSummaries } from './member-summaries';
import { presentSessionUser } from './session-user.presenter';

/** The signed-in member as `GET /auth/user` shows them: their row, avatar and premium. */
export class SessionUsers {
  constructor(
    private readonly summaries: MemberSummaries,
    private readonly entitlements: EntitlementsRepository,
    private readonly clock: Clock,
    private readonly roles: MemberRolesRepository,
  ) {}

  async present(user: UserRow): Promise<SessionUser> {
    const now = isoNow(this.clock);
    const [avatar, premium, roles] = await Promise.all([
      this.summaries.avatarOf(user.id), this.entitlements.isPremium(user.id, now), this.roles.rolesOf(user.id),
    ]);
    const premiumUntil = premium ? await this.entitlements.premiumUntil(user.id, now) : null;
    const restricted = user.restriction === 'banned'
      || (user.restriction === 'suspended' && (user.restricted_until === null || user.restricted_until > now));
    return presentSessionUser(user, { avatar_url: avatar, is_premium: premium, premium_until: premiumUntil, roles, restricted });
  }
}
