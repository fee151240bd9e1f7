import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation';
import * as m0002 from './0002_accounts';
import * as m0003 from './0003_chat';
import * as m0004 from './0004_profiles';
import * as m0006 from './0006_matching';
import * as m0007 from './0007_discover_activity';
import * as m0010 from './0010_feed';

/**
 * Every migration, in order. Listed statically (not read from disk) so they run the same from
 * source, from a bundle and in tests. Add new ones at the end; never edit a landed one.
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_accounts': m0002,
  '0003_chat': m0003,
  '0004_profiles': m0004,
  '0006_matching': m0006,
  '0007_discover_activity': m0007,
  '0010_feed': m0010,
};
