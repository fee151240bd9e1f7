import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Every page change starts at the top (spec §2 routing rules). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
