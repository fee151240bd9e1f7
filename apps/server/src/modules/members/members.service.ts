import { SAFETY_MESSAGES, type PublicProfile } from '@linkup/contract';
import type { Kysely } from 'kysely';
import type { PhotoStorage } from '../../adapters/storage/storage';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { nowIso } from '../../lib/time';
import type { MembersRepository } from './members.repository';
import { loadPublicProfiles } from './public-profile.presenter';

/** Another member's profile. Unknown, deleted and blocked (either way) members look the same: 404. */
export class MembersService {
  constructor(
    private readonly repo: MembersRepository,
    private readonly db: Kysely<Database>,
    private readonly storage: PhotoStorage,
  ) {}

  /** The profile as `viewerId` may see it; viewing someone else records a visit (once a day). */
  async view(viewerId: string, memberId: string): Promise<PublicProfile> {
    const self = memberId === viewerId;
    if (!self) {
      const member = await this.repo.findVisibility(viewerId, memberId);
      if (!member || member.blocked) throw notFound(SAFETY_MESSAGES.memberUnavailable);
    }
    const profile = (await loadPublicProfiles(this.db, this.storage, viewerId, [memberId])).get(memberId);
    // Deleted between the two reads.
    if (!profile) throw notFound(SAFETY_MESSAGES.memberUnavailable);
    if (!self) await this.repo.recordVisit(viewerId, memberId, nowIso());
    return profile;
  }
}
