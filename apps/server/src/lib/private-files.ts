import fs from 'node:fs';

/** Folders the server creates under DATA_DIR: only its own user may list or enter them. */
export const PRIVATE_DIR_MODE = 0o700;
/** Files the server creates under DATA_DIR (database, photos, app-secret): only its own user reads them. */
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` (and its missing parents) owner-only; a folder that exists keeps its mode. */
export function makePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Creates `file` empty and owner-only when it is not there yet (an existing file is left as it
 * is), so that whatever opens it next — SQLite, which gives its -wal and -shm files the database
 * file's mode — starts from owner-only permissions.
 */
export function touchPrivateFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
}
