/**
 * Pages load by group (one chunk each), so a first visit downloads only the shell and its own page.
 * Once the page has loaded and settled, the groups a member is likely to open next are fetched ahead.
 */
import type { ComponentType } from 'react';
import { PAGE_GROUP_FILES_ID } from '@/app/page-group-files';
import { SCREEN_GROUPS, type PageGroup, type ScreenName } from '@/app/screen-groups';
import { afterPageLoad } from '@/lib/after-load';

export type { PageGroup };

export const PAGE_GROUPS = {
  auth: () => import('@/app/routes/groups/auth'),
  legal: () => import('@/app/routes/groups/legal'),
  onboarding: () => import('@/app/routes/groups/onboarding'),
  home: () => import('@/app/routes/groups/home'),
  discover: () => import('@/app/routes/groups/discover'),
  member: () => import('@/app/routes/groups/member'),
  matches: () => import('@/app/routes/groups/matches'),
  chat: () => import('@/app/routes/groups/chat'),
  feed: () => import('@/app/routes/groups/feed'),
  profile: () => import('@/app/routes/groups/profile'),
  settings: () => import('@/app/routes/groups/settings'),
  help: () => import('@/app/routes/groups/help'),
  premium: () => import('@/app/routes/groups/premium'),
  appShell: () => import('@/app/layouts/app-shell'),
  moderation: () => import('@/app/routes/groups/moderation'),
} satisfies Record<PageGroup, () => Promise<unknown>>;

type GroupModule<G extends PageGroup> = Awaited<ReturnType<(typeof PAGE_GROUPS)[G]>>;

/** How each screen is found in its group's module. */
export type ScreenPicks = { [N in ScreenName]: (module: GroupModule<(typeof SCREEN_GROUPS)[N]>) => ComponentType };

/** A screen that loads with its group: what a route's `lazy` resolves to. */
export type LazyScreen = { group: PageGroup; load: () => Promise<ComponentType> };

export function lazyScreen<N extends ScreenName>(name: N, pick: ScreenPicks[N]): LazyScreen {
  const group = SCREEN_GROUPS[name];
  return { group, load: () => PAGE_GROUPS[group]().then((module) => (pick as (module: unknown) => ComponentType)(module)) };
}

/** Where a member usually goes from each group (signed-in groups include the shell they need). */
const LIKELY_NEXT: Record<PageGroup, readonly PageGroup[]> = {
  auth: ['appShell', 'home', 'onboarding'],
  legal: ['auth'],
  onboarding: ['appShell', 'home'],
  home: ['discover', 'matches', 'chat', 'feed', 'profile', 'member'],
  discover: ['matches', 'chat', 'home', 'member'],
  member: ['chat', 'discover'],
  matches: ['chat', 'discover', 'member'],
  chat: ['matches', 'discover'],
  feed: ['chat', 'discover'],
  profile: ['settings', 'help'],
  settings: ['profile', 'help'],
  help: ['profile'],
  premium: ['home'],
  appShell: ['home'],
  // Never fetched ahead: only a moderator's session loads the console.
  moderation: [],
};

const prefetched = new Set<PageGroup>();
const prefetchedFiles = new Set<string>();

/** Each group's files as the build names them in index.html (vite-plugins/page-group-files.ts); null under the dev server. */
function groupFiles(doc: Document): Partial<Record<PageGroup, string[]>> | null {
  const list = doc.getElementById(PAGE_GROUP_FILES_ID)?.textContent;
  if (!list) return null;
  try {
    return JSON.parse(list) as Partial<Record<PageGroup, string[]>>;
  } catch {
    return null;
  }
}

/**
 * Downloads `group`'s files into the cache without running them (`<link rel="prefetch">`): running
 * a group's modules and applying its styles is main-thread work a phone does when the page opens,
 * not while the first page settles (issue #18). Without the build's list, imports the group.
 */
function prefetchGroup(group: PageGroup, doc: Document): void {
  const files = groupFiles(doc)?.[group];
  if (!files) {
    // A failed prefetch only means the page loads when opened; the route reports real failures.
    PAGE_GROUPS[group]().catch(() => prefetched.delete(group));
    return;
  }
  for (const href of files) {
    if (prefetchedFiles.has(href)) continue;
    prefetchedFiles.add(href);
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    doc.head.append(link);
  }
}

/** Fetches the groups likely opened after `group`, once each, after the page has settled. */
export function prefetchLikelyNext(group: PageGroup, win: Window = window): void {
  const next = LIKELY_NEXT[group].filter((g) => !prefetched.has(g));
  if (next.length === 0) return;
  afterPageLoad(() => {
    for (const g of next) {
      if (prefetched.has(g)) continue;
      prefetched.add(g);
      prefetchGroup(g, win.document);
    }
  }, win);
}
