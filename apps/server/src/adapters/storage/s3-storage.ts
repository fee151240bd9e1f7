import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { assertValidStorageKey, contentTypeForKey, StorageKeyError, StorageUnavailableError, type PhotoStorage, type StoredObject } from './storage';

export interface S3Settings {
  bucket: string;
  /** The store's URL when it is not AWS (MinIO, R2, s3rver); unset: AWS's endpoint for `region`. */
  endpoint?: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path rather than the host name (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
}

/**
 * One client for every S3 storage of a process (photos, selfies): one connection pool. Checksums
 * only where an operation requires one — the SDK's default (a CRC32 on every PutObject) is refused
 * by several S3-compatible stores. A store that does not answer fails the request instead of
 * holding it: 5 s to connect, 30 s without a byte.
 */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000, throwOnRequestTimeout: true },
  });
}

export interface S3StorageOptions {
  client: S3Client;
  bucket: string;
  /** Prepended to every key in the bucket (`media/`, `verification/`), so kinds of object stay apart. */
  prefix: string;
  /** URL prefix the media route is mounted at (photos are served by the server, not the bucket). */
  baseUrl?: string;
}

/**
 * Photos as objects in an S3-compatible bucket, `<prefix><key>`: every process reads and writes the
 * same store, so a photo uploaded through one is served by all (issue 33). The bucket stays
 * private; the media route streams objects at the same `/media/...` URLs as local disk
 * (docs/decisions.md "Photos in S3-compatible storage").
 */
export class S3Storage implements PhotoStorage {
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #prefix: string;
  readonly #baseUrl: string;

  constructor(options: S3StorageOptions) {
    this.#client = options.client;
    this.#bucket = options.bucket;
    this.#prefix = options.prefix;
    this.#baseUrl = (options.baseUrl ?? '/media').replace(/\/+$/, '');
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const objectKey = this.#objectKey(key);
    if (contentTypeForKey(key) !== contentType) {
      throw new StorageKeyError(`${key} (does not match content type ${contentType})`);
    }
    // A single PUT is atomic: a reader sees the whole object or none.
    await this.#client.send(new PutObjectCommand({ Bucket: this.#bucket, Key: objectKey, Body: body, ContentType: contentType, ContentLength: body.length }))
      .catch(unavailable('PutObject'));
  }

  async get(key: string): Promise<StoredObject | null> {
    const objectKey = this.#objectKey(key);
    try {
      const object = await this.#client.send(new GetObjectCommand({ Bucket: this.#bucket, Key: objectKey }));
      if (!object.Body) return null;
      return {
        body: object.Body as Readable,
        // The key's extension decides, as on disk: the bucket's metadata is never trusted to name what the route serves.
        contentType: contentTypeForKey(key)!,
        ...(object.ContentLength !== undefined ? { size: object.ContentLength } : {}),
      };
    } catch (error) {
      if (isMissing(error)) return null;
      return unavailable('GetObject')(error);
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 for a key that does not exist: deleting twice is not an error.
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: this.#objectKey(key) })).catch(unavailable('DeleteObject'));
  }

  urlFor(key: string): string {
    assertValidStorageKey(key);
    return `${this.#baseUrl}/${key}`;
  }

  #objectKey(key: string): string {
    assertValidStorageKey(key);
    return `${this.#prefix}${key}`;
  }
}

/** Every failure of the store, after the SDK's retries, as one error the routes answer 503 to. */
function unavailable(operation: string): (error: unknown) => never {
  return (error) => {
    const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
    const what = error instanceof Error ? (error as NodeJS.ErrnoException).code ?? error.name : 'unknown error';
    throw new StorageUnavailableError(`S3 ${operation} failed: ${what}${status ? ` (HTTP ${status})` : ''}`, status, { cause: error });
  };
}

function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);
}
