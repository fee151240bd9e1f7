import { newId } from '../../lib/ids';
import { PHOTO_SIZE_NAMES, type PhotoSize, type ProcessedPhoto } from './images';
import type { PhotoStorage } from './storage';

/**
 * Photo keys: `photos/<22-char random id>/<size>.webp`. `user_photos.storage_key` holds the
 * `large` key; the other sizes sit beside it and are derived with `photoVariantKey`.
 */
export function newPhotoKey(size: PhotoSize = 'large'): string {
  return `photos/${newId()}/${size}.webp`;
}

/** The key of another size of the same photo: `photos/abc/large.webp` → `photos/abc/thumb.webp`. */
export function photoVariantKey(storageKey: string, size: PhotoSize): string {
  const slash = storageKey.lastIndexOf('/');
  return `${storageKey.slice(0, slash + 1)}${size}.webp`;
}

export interface StoredPhoto {
  /** Key of the `large` variant, as stored in `user_photos.storage_key`. */
  storageKey: string;
  width: number;
  height: number;
}

/** Writes every size of a processed photo under a fresh random key; all or nothing. */
export async function storePhoto(storage: PhotoStorage, photo: ProcessedPhoto): Promise<StoredPhoto> {
  const storageKey = newPhotoKey('large');
  try {
    await Promise.all(
      PHOTO_SIZE_NAMES.map((size) =>
        storage.put(photoVariantKey(storageKey, size), photo.variants[size].buffer, photo.contentType),
      ),
    );
  } catch (error) {
    await deleteStoredPhoto(storage, storageKey).catch(() => {});
    throw error;
  }
  return { storageKey, width: photo.width, height: photo.height };
}

/** Removes every size of a stored photo. */
export async function deleteStoredPhoto(storage: PhotoStorage, storageKey: string): Promise<void> {
  // Sequential: the local adapter removes the photo's directory after its last file.
  for (const size of PHOTO_SIZE_NAMES) await storage.delete(photoVariantKey(storageKey, size));
}

/** URLs of every size of a photo, for presenters. */
export function photoUrls(storage: PhotoStorage, storageKey: string): Record<PhotoSize, string> {
  return Object.fromEntries(PHOTO_SIZE_NAMES.map((size) => [size, storage.urlFor(photoVariantKey(storageKey, size))])) as Record<
    PhotoSize,
    string
  >;
}

/** Copies every size of a stored photo under a fresh key (a post keeps its photos when the profile drops them). */
export async function copyStoredPhoto(storage: PhotoStorage, storageKey: string): Promise<string> {
  const copyKey = newPhotoKey('large');
  try {
    for (const size of PHOTO_SIZE_NAMES) {
      const object = await storage.get(photoVariantKey(storageKey, size));
      if (!object) throw new Error(`Stored photo ${size} is missing`);
      await storage.put(photoVariantKey(copyKey, size), await bufferOf(object.body), object.contentType);
    }
  } catch (error) {
    await deleteStoredPhoto(storage, copyKey).catch(() => {});
    throw error;
  }
  return copyKey;
}

async function bufferOf(body: Buffer | NodeJS.ReadableStream): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
