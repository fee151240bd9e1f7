import type { PublicProfile } from '@linkup/contract';

/**
 * Loads other members' public profiles as `viewerId` may see them (the members module builds
 * them; services.ts hands the loader to whoever shows profiles). Unknown ids are left out.
 */
export type ProfileLoader = (viewerId: string, ids: readonly string[]) => Promise<Map<string, PublicProfile>>;
