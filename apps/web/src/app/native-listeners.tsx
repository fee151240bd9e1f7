import { UI_TEXTS } from '@linkup/contract';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { confirmDialog } from '@/lib/dialogs';
import { closeTopOverlay } from '@/lib/overlays';
import { backButtonAction, deepLinkPath } from '@/platform/deep-link';
import { platform } from '@/platform/platform';

/**
 * Native-only wiring, mounted once (spec §2): the hardware back button first closes an open
 * dialog or sheet, then asks before leaving the app from home and otherwise goes back one page;
 * links that open the app navigate inside it.
 */
export function NativeListeners() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pathnameRef = useRef(pathname);

  useEffect(() => {
    pathnameRef.current = pathname;
  }, [pathname]);

  useEffect(() => {
    if (!platform.isNative) return;
    const offBack = platform.onBackButton(() => {
      if (closeTopOverlay()) return;
      if (backButtonAction(pathnameRef.current) === 'go-back') {
        void navigate(-1);
        return;
      }
      void confirmDialog(UI_TEXTS.exitAppConfirm).then((confirmed) => (confirmed ? platform.exitApp() : undefined));
    });
    const offDeepLink = platform.onDeepLink((url) => {
      const path = deepLinkPath(url);
      if (path) void navigate(path);
    });
    return () => {
      offBack();
      offDeepLink();
    };
  }, [navigate]);

  return null;
}
