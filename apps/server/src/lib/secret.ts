import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import { PRIVATE_FILE_MODE, makePrivateDir } from './private-files';

/**
 * The key that signs e-mail verification links and hashes one-time codes. Production must set
 * APP_SECRET (config refuses to start otherwise); elsewhere a random one is made once and kept in
 * DATA_DIR so links stay valid across restarts.
 */
export function resolveAppSecret(config: Pick<Config, 'appSecret' | 'dataDir'>): string {
  if (config.appSecret) return config.appSecret;
  const file = path.join(config.dataDir, 'app-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not there yet
  }
  const secret = randomBytes(32).toString('base64url');
  makePrivateDir(config.dataDir);
  try {
    fs.writeFileSync(file, secret, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
    return secret;
  } catch {
    // Another process wrote it first: use theirs.
    return fs.readFileSync(file, 'utf8').trim();
  }
}
