import { useEffect } from 'react';
import { platform } from '@/platform/platform';

const DARK = '(prefers-color-scheme: dark)';

/**
 * The native status bar follows the page's look (spec §9: dark mode follows the system), now and
 * whenever the system switches. Invisible; mounted once.
 */
export function NativeChrome() {
  useEffect(() => {
    if (!platform.isNative) return;
    const media = window.matchMedia(DARK);
    const apply = () => {
      platform.setStatusBar(media.matches ? 'dark' : 'light').catch((error: unknown) => console.warn('Could not style the status bar', error));
    };
    apply();
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, []);
  return null;
}
