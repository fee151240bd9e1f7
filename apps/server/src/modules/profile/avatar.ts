import type { Kysely } from 'kysely';
import { photoUrls } from '../../adapters/storage/photos';
import type { PhotoStorage } from '../../adapters/storage/storage';
import type { Database } from '../../db/schema';

/** The member's avatar for the session user: their primary photo's thumbnail URL, or null. */
export async function avatarUrlOf(db: Kysely<Database>, storage: PhotoStorage, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('user_photos')
    .select('storage_key')
    .where('user_id', '=', userId)
    .where('is_primary', '=', true)
    .executeTakeFirst();
  return row ? photoUrls(storage, row.storage_key).thumb : null;
}
