import { env } from '@/config/env';
import { platform } from '@/platform/platform';

/** How long start-up waits for the ads SDK before checking the session anyway. */
export const ADS_STARTUP_WAIT_MS = 3_000;

let started: Promise<boolean> | undefined;

/**
 * Starts the ads SDK once (spec §4: first at start-up, in testing mode with one test device).
 * Resolves whether ads may be shown; never rejects — the app works without ads.
 */
export function startAds(): Promise<boolean> {
  started ??= platform.ads
    ? platform.ads.initialize({ testDevice: env.ads.testDevice }).then(
        () => true,
        (error: unknown) => {
          console.warn('Ads SDK failed to start; no ads this time', error);
          return false;
        },
      )
    : Promise.resolve(false);
  return started;
}

/** Start-up waits for the ads SDK, but not longer than `waitMs` (a consent form may still be open). */
export async function startAdsBeforeSession(waitMs = ADS_STARTUP_WAIT_MS): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([startAds(), new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
  clearTimeout(timer);
}

/** Tests start from a fresh SDK. */
export function resetAdsForTests(): void {
  started = undefined;
}
