import { useEffect, useState } from 'react';
import { startAds } from '@/app/ads/ads-startup';
import { useIsPremium } from '@/lib/use-is-premium';
import { useRouteDef } from '@/app/route-meta';
import { env } from '@/config/env';
import { platform, type AdsPlatform } from '@/platform/platform';

/** The pages that carry a banner; never chat, forms or anything else. */
export const AD_PAGES: ReadonlySet<string> = new Set(['app.discover', 'app.feed']);

/** The banner and the room it covers (see AdSlot), in the native app only. */
export function NativeAdSlot({ ads }: { ads: AdsPlatform }) {
  const route = useRouteDef();
  const premium = useIsPremium();
  const show = premium === false && !!route && AD_PAGES.has(route.name);
  const [height, setHeight] = useState(0);

  useEffect(() => {
    if (!show) return;
    let active = true;
    const adUnit = platform.getPlatform() === 'ios' ? env.ads.bannerAdUnits.ios : env.ads.bannerAdUnits.android;
    void startAds().then(async (ready) => {
      if (!ready || !active) return;
      try {
        await ads.showBanner(adUnit, (px) => active && setHeight(px));
      } catch (error) {
        console.warn('Ad banner failed to load', error);
      }
    });
    return () => {
      active = false;
      setHeight(0);
      ads.hideBanner().catch((error: unknown) => console.warn('Ad banner failed to close', error));
    };
  }, [ads, show]);

  return show && height > 0 ? <div className="ad-slot" style={{ height }} aria-hidden="true" /> : null;
}
