/**
 * Where the app fetches a photo the API names (issue #34). The API gives site-relative media paths
 * (`/media/photos/…`). On the web the page and the API share an origin, so they load as they are;
 * inside the native shell the page is the app bundle (`https://localhost` on Android,
 * `capacitor://localhost` on iOS), so they are resolved against the API's origin (the absolute
 * VITE_API_URL of a native build). Absolute URLs (another storage) and local previews (`blob:`,
 * `data:`) are kept. Every photo, avatar and post image the app shows goes through here.
 */
import { env } from '@/config/env';

const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;
const ABSOLUTE_HTTP = /^https?:\/\//i;

export function mediaUrl(url: string, apiUrl?: string): string;
export function mediaUrl(url: string | null | undefined, apiUrl?: string): string | undefined;
export function mediaUrl(url: string | null | undefined, apiUrl: string = env.apiUrl): string | undefined {
  if (!url) return undefined;
  if (HAS_SCHEME.test(url) || !ABSOLUTE_HTTP.test(apiUrl)) return url;
  return new URL(url, apiUrl).href;
}
