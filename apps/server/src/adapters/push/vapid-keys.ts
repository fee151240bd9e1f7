import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const isKeys = (value: unknown): value is VapidKeys =>
  typeof value === 'object' && value !== null
  && typeof (value as VapidKeys).publicKey === 'string' && typeof (value as VapidKeys).privateKey === 'string';

/**
 * The server's VAPID key pair (Web Push): from config (VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY), else
 * made once and kept in DATA_DIR/vapid-keys.json, so browsers' subscriptions stay valid across
 * restarts. Several processes on one DATA_DIR share the file (the first to write it wins).
 */
export function resolveVapidKeys(configured: VapidKeys | undefined, dataDir: string): VapidKeys {
  if (configured) return configured;
  const file = path.join(dataDir, 'vapid-keys.json');
  const read = (): VapidKeys | null => {
    try {
      const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
      return isKeys(parsed) ? { publicKey: parsed.publicKey, privateKey: parsed.privateKey } : null;
    } catch {
      return null;
    }
  };
  const existing = read();
  if (existing) return existing;
  const keys = webpush.generateVAPIDKeys();
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
    return keys;
  } catch {
    // Another process wrote it first: use theirs.
    return read() ?? keys;
  }
}
