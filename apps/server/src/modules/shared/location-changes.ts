import { PREFERENCE_MESSAGES } from '@linkup/contract';
import type { Clock } from '../../lib/clock';
import { tooManyRequests } from '../../lib/http-errors';
import { newId } from '../../lib/ids';
import { addMs } from '../../lib/time';
import type { LocationChangesRepository } from './location-changes.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Changes of a member's own location — a city picked, a position shared, a new city on the
 * profile — limited to a few in 24 hours (docs/decisions.md, "The location promise"): distances
 * are between cities, so moving measures nothing, and the limit keeps anyone from trying at scale.
 */
export class LocationChanges {
  constructor(
    private readonly repo: LocationChangesRepository,
    private readonly perDay: number,
    private readonly clock: Clock,
  ) {}

  /**
   * Counts one change of the member's location, or refuses it (429 `location_change_limit`, with
   * when the next one is allowed) past the day's limit. The change is written first and counted
   * after, so changes sent at once cannot all slip under the limit.
   */
  async take(userId: string): Promise<void> {
    const now = this.clock.now().toISOString();
    const id = newId();
    await this.repo.record(id, userId, now);
    const { count, earliest } = await this.repo.since(userId, addMs(now, -DAY_MS));
    if (count <= this.perDay) return;
    await this.repo.remove(id);
    throw tooManyRequests(PREFERENCE_MESSAGES.locationLimit, 'location_change_limit', { resets_at: addMs(earliest ?? now, DAY_MS) });
  }
}
