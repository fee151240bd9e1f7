/**
 * The route table of spec §2: path, name, title, whether it needs sign-in and whether the bottom
 * tab bar shows. Auth names and titles are the spec's; app titles are ours (DESIGN §6).
 */

/** 'public': open to everyone, signed in or not (the legal texts the stores and sign-up link to). */
export type RouteGroup = 'auth' | 'app' | 'standalone' | 'onboarding' | 'public';
export type TabKey = 'home' | 'discover' | 'matches' | 'feed' | 'messages' | 'more';

export interface RouteDef {
  readonly path: string;
  readonly name: string;
  readonly title: string;
  readonly requiresAuth: boolean;
  readonly showTabBar: boolean;
  readonly group: RouteGroup;
  /** The tab this page highlights, if any. */
  readonly tab?: TabKey;
}

const auth = (path: string, name: string, title: string, requiresAuth = false): RouteDef => ({
  path, name, title, requiresAuth, showTabBar: false, group: 'auth',
});

const open = (path: string, name: string, title: string): RouteDef => ({
  path, name, title, requiresAuth: false, showTabBar: false, group: 'public',
});

const app = (path: string, name: string, title: string, tab?: TabKey, showTabBar = true): RouteDef => ({
  path, name, title, requiresAuth: true, showTabBar, group: 'app', ...(tab ? { tab } : {}),
});

export const ROUTES = [
  auth('/auth/login', 'auth.login', 'Welcome Back'),
  auth('/auth/register', 'auth.register', 'Join LinkUp'),
  auth('/auth/otp-verification', 'auth.otp', 'Verify Your Number'),
  auth('/auth/forgot-password', 'auth.forgot-password', 'Reset Password'),
  auth('/auth/reset-password', 'auth.reset-password', 'New Password'),
  auth('/auth/verify-email', 'auth.verify-email', 'Verify Email'),
  auth('/auth/not-allowed', 'auth.403', 'Access Denied', true),
  {
    path: '/onboarding/welcome', name: 'onboarding.welcome', title: 'Welcome to LinkUp',
    requiresAuth: true, showTabBar: false, group: 'onboarding',
  },
  {
    path: '/app/chat/:roomId', name: 'chat.room', title: 'Chat',
    requiresAuth: true, showTabBar: false, group: 'standalone',
  },
  app('/app/dashboard', 'app.dashboard', 'Home', 'home'),
  app('/app/discover', 'app.discover', 'Discover', 'discover'),
  app('/app/matches', 'app.matches', 'Matches', 'matches'),
  app('/app/likes', 'app.likes', 'People Who Like You', 'matches'),
  app('/app/feed', 'app.feed', 'Feed', 'feed'),
  app('/app/feed/create', 'app.feed.create', 'Create Post', 'feed', false),
  app('/app/feed/edit', 'app.feed.edit', 'Edit Post', 'feed', false),
  // Issue 32: one post (where a like on my post leads), and the inbox the header's bell opens.
  app('/app/feed/posts/:id', 'app.feed.post', 'Post', 'feed'),
  app('/app/notifications', 'app.notifications', 'Notifications'),
  app('/app/messages', 'app.messages', 'Messages', 'messages'),
  // Before /app/messages/:id, which would otherwise take 'requests' for a room id (matchRoute).
  app('/app/messages/requests', 'app.messages.requests', 'Message Requests', 'messages'),
  // The chat is standalone wherever it is opened from (spec §2): its own header only (issue 17).
  { ...app('/app/messages/:id', 'app.messages.chat', 'Chat', 'messages', false), group: 'standalone' },
  app('/app/more', 'app.more', 'More', 'more'),
  app('/app/profile', 'app.profile', 'My Profile', 'more'),
  app('/app/profile/edit', 'app.profile.edit', 'Edit Profile', 'more'),
  app('/app/profile/photos', 'app.profile.photos', 'My Photos', 'more'),
  app('/app/profile/interests', 'app.profile.interests', 'Interests', 'more'),
  app('/app/settings', 'app.settings', 'Settings', 'more'),
  app('/app/settings/account', 'app.settings.account', 'Account Settings', 'more'),
  app('/app/settings/privacy', 'app.settings.privacy', 'Privacy Settings', 'more'),
  app('/app/settings/notifications', 'app.settings.notifications', 'Notification Settings', 'more'),
  app('/app/preferences', 'app.preferences', 'Dating Preferences', 'more'),
  app('/app/subscription', 'app.subscription', 'Premium', 'more'),
  app('/app/subscription/plans/:id', 'app.subscription.plan', 'Choose a Plan', 'more'),
  app('/app/subscription/payment-return', 'app.subscription.payment-return', 'Processing Payment', 'more'),
  app('/app/payment', 'app.payment', 'Payment', 'more'),
  app('/app/payment-check', 'app.payment-check', 'Checking Payment', 'more'),
  app('/app/visitors', 'app.visitors', 'Profile Visitors', 'more'),
  app('/app/activity', 'app.activity', 'Recent Activity', 'more'),
  app('/app/match/:id', 'app.match', 'Match Details', 'matches'),
  app('/app/user/:id', 'app.user', 'Profile', 'discover'),
  app('/app/blocked-users', 'app.blocked-users', 'Blocked Users', 'more'),
  // Issue 30: the member's standing (statements of reasons, appeals); the only page of a restricted account.
  app('/app/account/standing', 'app.account.standing', 'Your account', 'more'),
  // Issue 31: photo verification (consent, camera, result); no tab bar, so the camera fits a phone.
  app('/app/verify', 'app.verify', 'Verify your profile', 'more', false),
  // Issue 30: the moderators' console (its own layout; 404 page for members without a role).
  { path: '/moderation', name: 'moderation.queue', title: 'Moderation', requiresAuth: true, showTabBar: false, group: 'standalone' },
  { path: '/moderation/reports/:id', name: 'moderation.report', title: 'Report', requiresAuth: true, showTabBar: false, group: 'standalone' },
  { path: '/moderation/members/:id', name: 'moderation.member', title: 'Member', requiresAuth: true, showTabBar: false, group: 'standalone' },
  { path: '/moderation/appeals', name: 'moderation.appeals', title: 'Appeals', requiresAuth: true, showTabBar: false, group: 'standalone' },
  // Issue 31: a borderline photo verification (queue kind `verification`): selfies beside the profile photos.
  { path: '/moderation/verifications/:id', name: 'moderation.verification', title: 'Photo verification', requiresAuth: true, showTabBar: false, group: 'standalone' },
  { path: '/moderation/held-messages', name: 'moderation.held', title: 'Held messages', requiresAuth: true, showTabBar: false, group: 'standalone' },
  { path: '/moderation/audit', name: 'moderation.audit', title: 'Audit log', requiresAuth: true, showTabBar: false, group: 'standalone' },
  { path: '/moderation/stats', name: 'moderation.stats', title: 'Transparency', requiresAuth: true, showTabBar: false, group: 'standalone' },
  app('/app/help', 'app.help', 'Help & Support', 'more'),
  app('/app/help/faq', 'app.help.faq', 'FAQ', 'more'),
  app('/app/help/contact', 'app.help.contact', 'Contact Us', 'more'),
  app('/app/privacy-policy', 'app.privacy-policy', 'Privacy Policy', 'more'),
  app('/app/terms', 'app.terms', 'Terms of Service', 'more'),
  // The same texts at public addresses (issue #34): the app stores need a URL anyone can open, and
  // Apple wants them reachable before sign-up. The signed-in pages above stay in the app's shell.
  open('/privacy', 'legal.privacy', 'Privacy Policy'),
  open('/terms', 'legal.terms', 'Terms of Service'),
] as const satisfies readonly RouteDef[];

export type RouteName = (typeof ROUTES)[number]['name'];

/**
 * Routes whose own screen is not built yet: the web app shows a placeholder page there (marked
 * `data-placeholder`). The web router test and the end-to-end page checks fail for a placeholder
 * on any other route, and for a route left here once its screen is real. Empty: every screen of
 * the spec is built (a new route starts here until its screen exists).
 */
export const SCREENS_TO_BUILD: readonly RouteName[] = [];
export const STANDING_PATH = '/app/account/standing';
export const MODERATION_PATH = '/moderation';

export const DEFAULT_AUTHED_PATH = '/app/dashboard';
export const LOGIN_PATH = '/auth/login';
export const ONBOARDING_PATH = '/onboarding/welcome';
export const RESET_PASSWORD_PATH = '/auth/reset-password';
export const MESSAGES_PATH = '/app/messages';
export const MESSAGE_REQUESTS_PATH = '/app/messages/requests';
export const SUBSCRIPTION_PATH = '/app/subscription';

export function routeByName(name: RouteName): RouteDef {
  const route = ROUTES.find((r) => r.name === name);
  if (!route) throw new Error(`Unknown route ${name}`);
  return route;
}

/** Fills `:param` segments of a route path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing route parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}

/** The route definition a concrete pathname belongs to, if any. */
export function matchRoute(pathname: string): RouteDef | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROUTES.find((r) => {
    const pattern = new RegExp(`^${r.path.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
    return pattern.test(clean);
  });
}

/** Bottom tab bar of the app shell, in order. */
export const TABS: readonly { key: TabKey; label: string; path: string }[] = [
  { key: 'home', label: 'Home', path: '/app/dashboard' },
  { key: 'discover', label: 'Discover', path: '/app/discover' },
  { key: 'matches', label: 'Matches', path: '/app/matches' },
  { key: 'feed', label: 'Feed', path: '/app/feed' },
  { key: 'messages', label: 'Messages', path: '/app/messages' },
  { key: 'more', label: 'More', path: '/app/more' },
];

/** Label shown next to premium-only pages (spec §2 "More screen", §6). */
export const PREMIUM_LABEL = 'Premium';

export interface MenuLink {
  readonly label: string;
  readonly path: string;
  readonly premium?: boolean;
}

/** The More screen's sections in order (spec §2 "More screen"): heading, then its links. */
export const MORE_SECTIONS: readonly { readonly title: string; readonly items: readonly MenuLink[] }[] = [
  {
    title: 'Profile',
    items: [
      { label: 'Edit Profile', path: '/app/profile/edit' },
      { label: 'My Photos', path: '/app/profile/photos' },
      { label: 'Interests', path: '/app/profile/interests' },
    ],
  },
  {
    title: 'Premium Features',
    items: [
      { label: 'People Who Like You', path: '/app/likes', premium: true },
      { label: 'Profile Visitors', path: '/app/visitors', premium: true },
      { label: 'Recent Activity', path: '/app/activity' },
    ],
  },
  {
    title: 'Settings',
    items: [
      { label: 'Dating Preferences', path: '/app/preferences' },
      { label: 'Account Settings', path: '/app/settings/account' },
      { label: 'Blocked Users', path: '/app/blocked-users' },
    ],
  },
  {
    title: 'Support & Legal',
    items: [
      { label: 'Help & Support', path: '/app/help' },
      { label: 'Privacy Policy', path: '/app/privacy-policy' },
      { label: 'Terms of Service', path: '/app/terms' },
    ],
  },
];

/** The header's avatar menu links (spec §2 "App shell"); Logout follows them. */
export const ACCOUNT_MENU: readonly MenuLink[] = [
  { label: 'Profile', path: '/app/profile' },
  { label: 'Settings', path: '/app/settings' },
];
