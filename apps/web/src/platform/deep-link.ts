/**
 * Turns a URL that opened the app into an in-app path (spec §2 routing rules). The custom scheme
 * `linkup://` is replaced by '/'; https (universal) links keep their path. A link whose path starts
 * with the reset-password path is followed only when it carries both `token` and `mobile`.
 * Returns null for links to ignore: any link opens the app, so only a plain path under the
 * contract's link prefixes is followed (issue #34), never one the router could read as another site.
 */
import { DEFAULT_AUTHED_PATH, NATIVE_APP, RESET_PASSWORD_PATH } from '@linkup/contract';
import { resetLinkParams } from '@/lib/reset-link';

const SCHEME_PREFIX = `${NATIVE_APP.scheme}://`;
/** Only used to split a path into its parts; never visited. */
const PARSE_BASE = 'https://linkup.invalid';
const LINK_PREFIXES: readonly string[] = NATIVE_APP.linkPathPrefixes;

const isControl = (char: string) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f;

/**
 * Whether `path` (no query or hash) is one the app may open, as written and percent-decoded: one
 * leading slash, no empty, '.' or '..' segment (a trailing slash aside), no backslash, colon or
 * control character, under a link prefix. `/app/..//evil.com` would otherwise become `//evil.com`.
 */
function isAppLinkPath(path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  return [path, decoded].every((candidate) => {
    if (/[\\:]/.test(candidate) || [...candidate].some(isControl)) return false;
    const [first, ...segments] = candidate.split('/');
    const last = segments.length - 1;
    if (first !== '' || segments.some((s, i) => s === '.' || s === '..' || (s === '' && i < last))) return false;
    return LINK_PREFIXES.some((prefix) => candidate.startsWith(prefix));
  });
}

/** The link's path (before `?` or `#`) and what follows it, or null for a link of another kind. */
function splitLink(url: string): { path: string; rest: string } | null {
  let target: string;
  if (url.toLowerCase().startsWith(SCHEME_PREFIX)) {
    target = `/${url.slice(SCHEME_PREFIX.length).replace(/^\/+/, '')}`;
  } else {
    // An https link's path starts where its host ends (a backslash there stays in the path, and is refused).
    const match = /^https?:\/\/[^/\\?#]*(.*)$/is.exec(url);
    if (!match) return null;
    target = match[1] || '/';
  }
  const end = target.search(/[?#]/);
  return end < 0 ? { path: target, rest: '' } : { path: target.slice(0, end), rest: target.slice(end) };
}

export function deepLinkPath(url: string): string | null {
  const link = splitLink(url.trim());
  if (!link || !isAppLinkPath(link.path)) return null;

  let parsed: URL;
  try {
    parsed = new URL(`${link.path}${link.rest}`, PARSE_BASE);
  } catch {
    return null;
  }
  if (parsed.origin !== PARSE_BASE || !isAppLinkPath(parsed.pathname)) return null;

  if (parsed.pathname.startsWith(RESET_PASSWORD_PATH)) {
    const params = resetLinkParams(parsed.searchParams);
    if (!params) return null;
    return `${RESET_PASSWORD_PATH}?${new URLSearchParams(params).toString()}`;
  }
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

export type BackButtonAction = 'confirm-exit' | 'go-back' | 'go-home';

/**
 * What the native back button does on a page (spec §2): ask before leaving from home, else go
 * back. A page opened cold (the app's first page, a link or a push opened it) has nothing to go
 * back to: it leads home when the member may be there (signed in, onboarded), else asks to exit.
 */
export function backButtonAction(
  pathname: string,
  { canGoBack, canGoHome }: { canGoBack: boolean; canGoHome: boolean },
): BackButtonAction {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (clean === '/' || clean === DEFAULT_AUTHED_PATH) return 'confirm-exit';
  if (canGoBack) return 'go-back';
  return canGoHome ? 'go-home' : 'confirm-exit';
}
