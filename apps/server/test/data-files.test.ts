import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { makeDataDir, removeDataDir } from './helpers/isolation';
import { register } from './helpers/remote';
import { onlyOn } from './helpers/requires';
import { SERVER_START_MS, startServerProcess, type ServerProcess } from './helpers/server-process';

/** Every folder and file below `dir`, with its permission bits. */
function modesBelow(dir: string): { path: string; dir: boolean; mode: number }[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).map((entry) => {
    const full = path.join(entry.parentPath, entry.name);
    return { path: path.relative(dir, full), dir: entry.isDirectory(), mode: fs.statSync(full).mode & 0o777 };
  });
}

/**
 * Issue #12 item 12: what `npm start` keeps under DATA_DIR — the SQLite database and its WAL,
 * app-secret, uploaded photos — is created owner-only (files 0600, folders 0700), so other users
 * of the machine read no member's data.
 */
describe('the data folder is owner-only', onlyOn('sqlite'), () => {
  let parent: string;
  let dataDir: string;
  let server: ServerProcess;
  beforeAll(async () => {
    parent = makeDataDir();
    // Not there yet: the server creates it.
    dataDir = path.join(parent, 'data');
    server = await startServerProcess({ DATA_DIR: dataDir });
  }, SERVER_START_MS + 30_000);
  afterAll(async () => {
    await server?.stop();
    removeDataDir(parent);
  });

  it('creates the database, its WAL, app-secret and uploaded photos 0600, and their folders 0700', async () => {
    const member = await register(server.origin, 'Petra');
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#e0457b' } }).jpeg().toBuffer();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
    const uploaded = await fetch(`${server.origin}/api/profile/photos`, { method: 'POST', headers: { authorization: `Bearer ${member.token}` }, body: form });
    expect(uploaded.status).toBe(201);

    const entries = modesBelow(dataDir);
    const names = entries.map((e) => e.path);
    expect(names).toEqual(expect.arrayContaining(['linkup.db', 'linkup.db-wal', 'app-secret', 'media']));
    expect(entries.filter((e) => !e.dir && e.path.startsWith('media')).length).toBeGreaterThan(0);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    const open = entries.filter((e) => e.mode !== (e.dir ? 0o700 : 0o600)).map((e) => `${e.path} ${e.mode.toString(8)}`);
    expect(open).toEqual([]);
  });
});
