import { PREFERENCE_MESSAGES } from '@linkup/contract';
import { tooManyRequests } from '../../lib/http-errors';
import type { Limiter } from '../../lib/limiter';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Changes of a member's own location — a city picked, a position shared, a new city on the
 * profile — limited to a few in 24 hours (docs/decisions.md, "The location promise"): distances
 * are between cities, so moving measures nothing, and the limit keeps anyone from trying at scale.
 */
export class LocationChanges {
  constructor(
    private readonly limiter: Limiter,
    private readonly perDay: number,
  ) {}

  /**
   * Counts one change of the member's location before it is made, or refuses it (429
   * `location_change_limit`, with when the allowance comes back: 24 hours after the day's first
   * change). Counted by the limiter, so changes sent at once cannot all slip under the limit.
   */
  async take(userId: string): Promise<void> {
    const { allowed, resetsAt } = await this.limiter.use(`location:${userId}`, this.perDay, DAY_MS);
    if (!allowed) throw tooManyRequests('location_change_limit', PREFERENCE_MESSAGES.locationLimit, { resets_at: resetsAt });
  }
}
