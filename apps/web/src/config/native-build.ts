/**
 * A native build's API address (issue 34 item 14). In the app the page's origin is the bundle's
 * (`https://localhost`, `capacitor://localhost`), so a relative `VITE_API_URL` — the web's `/api` —
 * sends every request into the app itself: the app would open and fail at sign-in. `npm run
 * cap:sync` builds with LINKUP_NATIVE_BUILD=1 and vite.config.ts stops the build with this message.
 */
export function nativeApiUrlProblem(apiUrl: string | undefined): string | null {
  const value = apiUrl?.trim();
  if (!value) return 'VITE_API_URL is not set: a native build needs the server’s absolute address, e.g. VITE_API_URL=https://linkup.example.com/api npm run cap:sync';
  if (!/^https?:\/\/[^/?#\s]+/i.test(value)) {
    return `VITE_API_URL is "${value}": a native build needs the server’s absolute address (https://…/api); a relative one points into the app bundle`;
  }
  return null;
}
