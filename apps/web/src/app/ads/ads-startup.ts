import { env } from '@/config/env';
import { platform } from '@/platform/platform';

let started: Promise<boolean> | undefined;

/**
 * Starts the ads SDK once, when the first banner is due — so only for a free member (issue 34
 * item 11: a premium member never sees the consent form or the iOS tracking question): consent,
 * then the SDK, in testing mode with one test device unless the build says otherwise. Resolves
 * whether ads may be shown; never rejects — the app works without ads.
 */
export function startAds(): Promise<boolean> {
  started ??= platform.ads
    ? platform.ads.initialize({ testDevice: env.ads.testDevice, testing: env.ads.testing }).then(
        (allowed) => allowed,
        (error: unknown) => {
          console.warn('Ads SDK failed to start; no ads this time', error);
          return false;
        },
      )
    : Promise.resolve(false);
  return started;
}

/** Tests start from a fresh SDK. */
export function resetAdsForTests(): void {
  started = undefined;
}
