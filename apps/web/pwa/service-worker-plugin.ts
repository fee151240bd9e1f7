import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
// Relative, not `@linkup/contract`: Vite loads its config with Node, which runs no TypeScript from
// node_modules; these two files are bundled into the config instead.
import { SERVER_PATH_PREFIXES, TIMINGS, isServerPath } from '../../../packages/contract/src/constants.ts';
import { notificationActionPath, notificationMemberId, premiumUnlockPath } from '../../../packages/contract/src/notification-rules.ts';
import type { Plugin } from 'vite';

const TEMPLATE = new URL('./sw.js', import.meta.url);

/** Every file under `dir` (the public folder Vite copies as is), as site paths. */
function publicFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** `assets/primeicons-Dr5RGzOO.svg` → `primeicons`. */
const baseName = (fileName: string) => path.basename(fileName).replace(/-[\w-]{8}\.\w+$/, '');

/**
 * Older font formats (eot, ttf, woff, svg) of a font that also comes as woff2: every browser that
 * runs a service worker reads the woff2, so the others are not worth precaching.
 */
function legacyFonts(fileNames: string[]): Set<string> {
  const woff2 = new Set(fileNames.filter((f) => f.endsWith('.woff2')).map(baseName));
  return new Set(fileNames.filter((f) => /\.(eot|ttf|woff|svg)$/.test(f) && woff2.has(baseName(f))));
}

/**
 * What the worker takes from the contract, as JavaScript put in front of pwa/sw.js: it is served
 * as is and cannot import, so the build writes the contract's own action routing (a function of
 * its arguments only), the desktop notification time and the server's own paths into it.
 */
export function workerPrelude(shell: { version: string; files: string[] }): string {
  return [
    `const SHELL = ${JSON.stringify(shell)};`,
    `const DESKTOP_NOTIFICATION_MS = ${JSON.stringify(TIMINGS.desktopNotificationMs)};`,
    // The paths the server answers itself (never from the cache): the server's own list.
    `const SERVER_PATH_PREFIXES = ${JSON.stringify(SERVER_PATH_PREFIXES)};`,
    `const isServerPath = ${isServerPath.toString()};`,
    // notificationActionPath calls these two: they go in front of it, by their own names.
    `const notificationMemberId = ${notificationMemberId.toString()};`,
    `const premiumUnlockPath = ${premiumUnlockPath.toString()};`,
    `const notificationActionPath = ${notificationActionPath.toString()};`,
    '',
  ].join('\n');
}

/**
 * Emits /sw.js at build time: pwa/sw.js with the app shell it precaches — index.html, every
 * script, style and asset of this build (but source maps and legacy font formats) and the public files (icons, manifest) — and a version
 * that changes whenever any of them does, so a new build replaces the old cache.
 */
export function serviceWorker(): Plugin {
  let publicDir = '';
  return {
    name: 'linkup:service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    generateBundle(_options, bundle) {
      const hash = createHash('sha256');
      const files: string[] = [];
      const skipped = legacyFonts(Object.keys(bundle));
      for (const item of Object.values(bundle)) {
        if (item.fileName.endsWith('.map') || skipped.has(item.fileName)) continue;
        files.push(`/${item.fileName}`);
        hash.update(item.fileName).update(item.type === 'chunk' ? item.code : item.source);
      }
      for (const file of publicFiles(publicDir)) {
        if (file === 'sw.js') continue;
        files.push(`/${file}`);
        hash.update(file).update(fs.readFileSync(path.join(publicDir, file)));
      }
      files.sort();
      const shell = { version: hash.digest('hex').slice(0, 16), files };
      const source = `${workerPrelude(shell)}${fs.readFileSync(TEMPLATE, 'utf8')}`;
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
