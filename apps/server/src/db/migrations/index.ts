import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation';

/**
 * Every migration, in order. Listed statically (not read from disk) so they run the same from
 * source, from a bundle and in tests. Add new ones at the end; never edit a landed one.
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
};
