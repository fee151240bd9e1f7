import { DEFAULT_AUTHED_PATH, UI_TEXTS, needsMobileConfirmation, needsOnboarding } from '@linkup/contract';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { confirmDialog } from '@/lib/dialogs';
import { closeTopOverlay } from '@/lib/overlays';
import { useSessionStore } from '@/lib/session-store';
import { backButtonAction, deepLinkPath } from '@/platform/deep-link';
import { platform } from '@/platform/platform';

/** Whether the dashboard would open for the member now (signed in, number confirmed, onboarded). */
function mayGoHome(): boolean {
  const { user } = useSessionStore.getState();
  return user !== null && !needsMobileConfirmation(user) && !needsOnboarding(user);
}

/**
 * How many pages the app could go back through: a new page adds one, going back takes one, a
 * redirect replaces the page. Zero on a page opened cold (the first page, or a link or push that
 * started the app), where going back would do nothing.
 */
function useHistoryDepth() {
  const { key } = useLocation();
  const navigationType = useNavigationType();
  const depth = useRef(0);
  const seen = useRef(key);
  useEffect(() => {
    if (seen.current === key) return;
    seen.current = key;
    if (navigationType === 'PUSH') depth.current += 1;
    else if (navigationType === 'POP') depth.current = Math.max(0, depth.current - 1);
  }, [key, navigationType]);
  return depth;
}

/**
 * Native-only wiring, mounted once (spec §2): the hardware back button first closes an open
 * dialog or sheet, then asks before leaving the app from home and otherwise goes back one page —
 * or, with no page to go back to, home when signed in and else asks before leaving; links that
 * open the app navigate inside it.
 */
export function NativeListeners() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pathnameRef = useRef(pathname);
  const depth = useHistoryDepth();

  useEffect(() => {
    pathnameRef.current = pathname;
  }, [pathname]);

  useEffect(() => {
    if (!platform.isNative) return;
    const offBack = platform.onBackButton(() => {
      if (closeTopOverlay()) return;
      const action = backButtonAction(pathnameRef.current, { canGoBack: depth.current > 0, canGoHome: mayGoHome() });
      if (action === 'go-back') {
        void navigate(-1);
        return;
      }
      if (action === 'go-home') {
        void navigate(DEFAULT_AUTHED_PATH, { replace: true });
        return;
      }
      void confirmDialog(UI_TEXTS.exitAppConfirm, undefined, { confirmLabel: UI_TEXTS.exitApp }).then((confirmed) => (confirmed ? platform.exitApp() : undefined));
    });
    const offDeepLink = platform.onDeepLink((url) => {
      const path = deepLinkPath(url);
      if (path) void navigate(path);
    });
    return () => {
      offBack();
      offDeepLink();
    };
  }, [navigate, depth]);

  return null;
}
