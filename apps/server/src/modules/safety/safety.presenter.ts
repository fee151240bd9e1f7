import type { BlockedMember } from '@linkup/contract';
import { photoUrls } from '../../adapters/storage/photos';
import type { PhotoStorage } from '../../adapters/storage/storage';
import type { BlockRow } from './safety.repository';

/** A member I blocked: name and the thumbnail of their main photo, nothing else. */
export function presentBlockedMember(storage: PhotoStorage, row: BlockRow): BlockedMember {
  return {
    id: row.id,
    name: row.name,
    photo: row.photo_key ? photoUrls(storage, row.photo_key).thumb : null,
    blocked_at: row.blocked_at,
  };
}
