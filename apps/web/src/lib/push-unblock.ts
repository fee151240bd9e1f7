import { UI_TEXTS } from '@linkup/contract';

export type PushBrowser = 'chrome' | 'edge' | 'firefox' | 'safari' | 'other';

/** Which browser's steps unblock notifications, from its user agent (Edge and Opera say "Chrome" too; Chrome and Edge say "Safari"). */
export function pushBrowser(userAgent: string): PushBrowser {
  if (/\bEdg(e|A|iOS)?\//.test(userAgent)) return 'edge';
  if (/\b(Firefox|FxiOS)\//.test(userAgent)) return 'firefox';
  if (/\b(OPR|Opera|SamsungBrowser)\//.test(userAgent)) return 'other';
  if (/\b(Chrome|Chromium|CriOS)\//.test(userAgent)) return 'chrome';
  if (/\bSafari\//.test(userAgent) && /\bVersion\//.test(userAgent)) return 'safari';
  return 'other';
}

/** The steps that unblock notifications in the browser with this user agent. */
export function pushUnblockSteps(userAgent: string): string {
  return UI_TEXTS.pushUnblock[pushBrowser(userAgent)];
}
