import type { Readable } from 'node:stream';

/** A stored object as read back: a stream (or buffer) plus what to tell the client about it. */
export interface StoredObject {
  body: Readable | Buffer;
  contentType: string;
  /** Size in bytes when the backend knows it up front. */
  size?: number;
}

/**
 * Where member photos live. Keys are opaque, random paths (`photos/<random id>/large.webp`):
 * nothing in a key names a member, and nobody can guess one. The local-disk adapter serves
 * development and single-machine deployments; an S3 adapter implements the same interface.
 */
export interface PhotoStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when no object has this key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** The URL a client fetches the object from. */
  urlFor(key: string): string;
}

export class StorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 100))}`);
    this.name = 'StorageKeyError';
  }
}

/**
 * The store did not answer, or refused (S3 unreachable, timed out, access denied): not the
 * client's doing, and no secret in it. Routes answer 503 (plugins/errors.ts).
 */
export class StorageUnavailableError extends Error {
  constructor(
    message: string,
    /** The store's HTTP status, when it answered at all. */
    readonly storeStatus: number | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

/** Content types the media route may serve, by file extension. */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  avif: 'image/avif',
  gif: 'image/gif',
};

export const STORAGE_KEY_MAX_LENGTH = 200;
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * True when a key is a relative path of plain segments (letters, digits, `_ - .`), no segment
 * `.`/`..` or hidden, a known image extension, and short enough for `user_photos.storage_key`.
 * Everything else — absolute paths, backslashes, traversal, empty segments — is refused.
 */
export function isValidStorageKey(key: string): boolean {
  if (typeof key !== 'string' || key.length === 0 || key.length > STORAGE_KEY_MAX_LENGTH) return false;
  const segments = key.split('/');
  if (!segments.every((s) => SEGMENT.test(s))) return false;
  return contentTypeForKey(key) !== undefined;
}

export function assertValidStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new StorageKeyError(key);
}

/** The content type a key's extension stands for, if it is one we serve. */
export function contentTypeForKey(key: string): string | undefined {
  const dot = key.lastIndexOf('.');
  if (dot < 0 || dot < key.lastIndexOf('/')) return undefined;
  return CONTENT_TYPES[key.slice(dot + 1).toLowerCase()];
}
