import { useLocation } from 'react-router';
import { matchingPaths } from '@/features/matching/utils/paths';
import { platform } from '@/platform/platform';

/**
 * The Premium page, told where the member is, so that after paying they land back here; null
 * where premium is not for sale (the native apps without store billing), so no upsell links there.
 */
export function useUpgradePath(): string | null {
  const { pathname } = useLocation();
  return platform.sellsPremium ? `${matchingPaths.subscription}?from=${encodeURIComponent(pathname)}` : null;
}
