import type { RouteDef, TabKey } from '@linkup/contract';

/** What the app shell draws around a page. */
export interface ShellChrome {
  /** No app header, no tab bar: the page's own header only (spec §2 "Standalone"). */
  standalone: boolean;
  tabBar: boolean;
  activeTab: TabKey | undefined;
}

/**
 * The shell around `route` on a phone or a wide screen (issue 17 item 16). The chat is standalone
 * on a phone (spec §2); on a wide screen it opens in the Messages split view, so it keeps the header
 * and the side navigation with Messages current.
 */
export function shellChrome(route: RouteDef | undefined, wide: boolean): ShellChrome {
  if (route?.group === 'standalone') {
    return wide
      ? { standalone: false, tabBar: true, activeTab: 'messages' }
      : { standalone: true, tabBar: false, activeTab: undefined };
  }
  return { standalone: false, tabBar: route?.showTabBar ?? true, activeTab: route?.tab };
}
