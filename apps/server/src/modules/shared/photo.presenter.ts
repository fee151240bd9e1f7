import type { Photo } from '@linkup/contract';
import { photoUrls } from '../../adapters/storage/photos';
import type { PhotoStorage } from '../../adapters/storage/storage';
import { toBool, type PhotoRow } from '../../db/schema';

/** A stored photo as every response shows it: random-keyed URLs of each size, never the key. */
export function presentPhoto(storage: PhotoStorage, row: PhotoRow): Photo {
  const sizes = photoUrls(storage, row.storage_key);
  return {
    id: row.id,
    url: sizes.large,
    sizes,
    width: row.width,
    height: row.height,
    position: row.position,
    is_primary: toBool(row.is_primary),
    created_at: row.created_at,
  };
}
