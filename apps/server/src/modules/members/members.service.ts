import { SAFETY_MESSAGES, type PublicProfile } from '@linkup/contract';
import { isoNow, type Clock } from '../../lib/clock';
import { notFound } from '../../lib/http-errors';
import type { ProfileLoader } from '../shared/public-profile';
import type { MembersRepository } from './members.repository';

/**
 * Another member's profile. Unknown, deleted, blocked (either way) and unmatched members look
 * the same: 404.
 */
export class MembersService {
  constructor(
    private readonly repo: MembersRepository,
    private readonly loadProfiles: ProfileLoader,
    private readonly clock: Clock,
  ) {}

  /** The profile as `viewerId` may see it; viewing someone else records a visit (once a UTC day). */
  async view(viewerId: string, memberId: string): Promise<PublicProfile> {
    const self = memberId === viewerId;
    if (!self) {
      const member = await this.repo.findVisibility(viewerId, memberId);
      if (!member || member.hidden) throw notFound(SAFETY_MESSAGES.memberUnavailable);
    }
    const profile = (await this.loadProfiles(viewerId, [memberId])).get(memberId);
    // Deleted between the two reads.
    if (!profile) throw notFound(SAFETY_MESSAGES.memberUnavailable);
    if (!self) await this.repo.recordVisit(viewerId, memberId, isoNow(this.clock));
    return profile;
  }
}
