/**
 * Turns a URL that opened the app into an in-app path (spec §2 routing rules). The custom scheme
 * `linkup://` is replaced by '/'; https (universal) links keep their path. A link whose path starts
 * with the reset-password path is followed only when it carries both `token` and `mobile`.
 * Returns null for links to ignore.
 */
import { DEFAULT_AUTHED_PATH, NATIVE_APP, RESET_PASSWORD_PATH } from '@linkup/contract';
import { resetLinkParams } from '@/lib/reset-link';

const SCHEME_PREFIX = `${NATIVE_APP.scheme}://`;
/** Only used to split a path into its parts; never visited. */
const PARSE_BASE = 'https://linkup.invalid';

export function deepLinkPath(url: string): string | null {
  const trimmed = url.trim();
  let raw: string;
  if (trimmed.toLowerCase().startsWith(SCHEME_PREFIX)) {
    raw = `/${trimmed.slice(SCHEME_PREFIX.length).replace(/^\/+/, '')}`;
  } else if (/^https?:\/\//i.test(trimmed)) {
    raw = trimmed;
  } else {
    return null;
  }

  let parsed: URL;
  try {
    parsed = new URL(raw, PARSE_BASE);
  } catch {
    return null;
  }

  if (parsed.pathname.startsWith(RESET_PASSWORD_PATH)) {
    const params = resetLinkParams(parsed.searchParams);
    if (!params) return null;
    return `${RESET_PASSWORD_PATH}?${new URLSearchParams(params).toString()}`;
  }
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** What the native back button does on a page (spec §2): ask before leaving from home, else go back. */
export function backButtonAction(pathname: string): 'confirm-exit' | 'go-back' {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return clean === '/' || clean === DEFAULT_AUTHED_PATH ? 'confirm-exit' : 'go-back';
}
