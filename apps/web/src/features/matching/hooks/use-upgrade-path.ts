import { useLocation } from 'react-router';
import { matchingPaths } from '@/features/matching/utils/paths';

/** The Premium page, told where the member is, so that after paying they land back here. */
export function useUpgradePath(): string {
  const { pathname } = useLocation();
  return `${matchingPaths.subscription}?from=${encodeURIComponent(pathname)}`;
}
