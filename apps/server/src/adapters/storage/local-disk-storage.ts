import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../lib/private-files';
import { assertValidStorageKey, contentTypeForKey, StorageKeyError, type PhotoStorage, type StoredObject } from './storage';

export interface LocalDiskStorageOptions {
  /** The data directory; files live under `<dataDir>/media/`. */
  dataDir: string;
  /** URL prefix the media route is mounted at. */
  baseUrl?: string;
}

/** Photos as files under `<DATA_DIR>/media/<key>`, served by the media plugin. */
export class LocalDiskStorage implements PhotoStorage {
  readonly root: string;
  readonly #baseUrl: string;

  constructor(options: LocalDiskStorageOptions) {
    this.root = path.resolve(options.dataDir, 'media');
    this.#baseUrl = (options.baseUrl ?? '/media').replace(/\/+$/, '');
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const file = this.#fileFor(key);
    if (contentTypeForKey(key) !== contentType) {
      throw new StorageKeyError(`${key} (does not match content type ${contentType})`);
    }
    // Owner-only, like app-secret and the database: only the server reads photos (it serves them).
    await fsp.mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
    // Write then rename, so a reader never sees half a file.
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await fsp.writeFile(temp, body, { mode: PRIVATE_FILE_MODE });
      await fsp.rename(temp, file);
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.#fileFor(key);
    const contentType = contentTypeForKey(key)!;
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(file, fs.constants.O_RDONLY);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      return { body: handle.createReadStream(), contentType, size: stat.size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.#fileFor(key);
    await fsp.rm(file, { force: true });
    // Photo variants share a directory; drop it once it is empty (fails harmlessly otherwise).
    await fsp.rmdir(path.dirname(file)).catch(() => {});
  }

  urlFor(key: string): string {
    assertValidStorageKey(key);
    return `${this.#baseUrl}/${key}`;
  }

  #fileFor(key: string): string {
    assertValidStorageKey(key);
    const file = path.resolve(this.root, ...key.split('/'));
    if (!file.startsWith(this.root + path.sep)) throw new StorageKeyError(key);
    return file;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}
