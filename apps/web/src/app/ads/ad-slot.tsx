import { lazy, Suspense } from 'react';
import { platform } from '@/platform/platform';

/** Loaded in the native app only (a browser shows no ads and never downloads this). */
const NativeAdSlot = platform.ads
  ? lazy(() => import('@/app/ads/native-ad-slot').then((module) => ({ default: module.NativeAdSlot })))
  : null;

/**
 * The AdMob banner of the native app (spec §1 "An ads SDK is used on mobile"): on Discover and Feed,
 * for free members only. Renders the room the banner covers at the end of the page, so nothing
 * hides under it; when an ad fails, the room goes and the page carries on.
 */
export function AdSlot() {
  return NativeAdSlot && platform.ads ? (
    <Suspense fallback={null}>
      <NativeAdSlot ads={platform.ads} />
    </Suspense>
  ) : null;
}
