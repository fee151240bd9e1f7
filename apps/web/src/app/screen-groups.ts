/**
 * Which page group (page-groups.ts) holds each page's screen, as plain data: the router loads a
 * screen with its group, and the build names from it the files a first visit to each page needs
 * (vite-plugins/page-group-files.ts), which the server preloads with the page's HTML (issue #18).
 * No imports but types, so the build can read it too.
 */
import type { RouteDef, RouteName } from '@linkup/contract';

export const PAGE_GROUP_NAMES = [
  'auth', 'legal', 'onboarding', 'home', 'discover', 'member', 'matches', 'chat', 'feed', 'profile', 'settings', 'help', 'premium', 'appShell', 'moderation',
] as const;

export type PageGroup = (typeof PAGE_GROUP_NAMES)[number];

/**
 * Pages with their own screen and the group it loads with; every other route shows an InfoPage —
 * but the console's (moderation.*), which load from the 'moderation' group only once the session's
 * roles allow it (app/guards/require-moderator.tsx), so no first visit preloads them.
 */
export const SCREEN_GROUPS = {
  'auth.login': 'auth',
  'auth.register': 'auth',
  'auth.otp': 'auth',
  'auth.forgot-password': 'auth',
  'auth.reset-password': 'auth',
  'auth.verify-email': 'auth',
  'auth.403': 'auth',
  'legal.privacy': 'legal',
  'legal.terms': 'legal',
  'onboarding.welcome': 'onboarding',
  'app.more': 'profile',
  'app.preferences': 'profile',
  'app.profile': 'profile',
  'app.profile.edit': 'profile',
  'app.profile.photos': 'profile',
  'app.profile.interests': 'profile',
  'app.verify': 'profile',
  'app.messages': 'chat',
  'app.messages.chat': 'chat',
  'app.messages.requests': 'chat',
  'chat.room': 'chat',
  'app.user': 'member',
  'app.blocked-users': 'settings',
  'app.account.standing': 'settings',
  'app.settings': 'settings',
  'app.settings.account': 'settings',
  'app.settings.privacy': 'settings',
  'app.settings.notifications': 'settings',
  'app.help': 'help',
  'app.help.faq': 'help',
  'app.help.contact': 'help',
  'app.privacy-policy': 'help',
  'app.terms': 'help',
  'app.dashboard': 'home',
  'app.discover': 'discover',
  'app.matches': 'matches',
  'app.likes': 'matches',
  'app.visitors': 'matches',
  'app.activity': 'matches',
  'app.match': 'matches',
  'app.feed': 'feed',
  'app.feed.create': 'feed',
  'app.feed.edit': 'feed',
  'app.feed.post': 'feed',
  'app.notifications': 'feed',
  'app.subscription': 'premium',
  'app.subscription.plan': 'premium',
  'app.subscription.payment-return': 'premium',
  'app.payment': 'premium',
  'app.payment-check': 'premium',
} as const satisfies Partial<Record<RouteName, PageGroup>>;

export type ScreenName = keyof typeof SCREEN_GROUPS;

export function hasScreen(name: string): name is ScreenName {
  return Object.hasOwn(SCREEN_GROUPS, name);
}

/**
 * The groups a first visit to `route` runs before the page shows: its screen's group and, for
 * pages inside the app shell (tab pages and the standalone chat), the shell's. None for a route
 * without a screen.
 */
export function firstLoadGroups(route: Pick<RouteDef, 'name' | 'group'>): PageGroup[] {
  if (!hasScreen(route.name)) return [];
  const inShell = route.group === 'app' || route.group === 'standalone';
  return inShell ? [SCREEN_GROUPS[route.name], 'appShell'] : [SCREEN_GROUPS[route.name]];
}
