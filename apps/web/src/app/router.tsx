/**
 * Every route of the contract's ROUTES (spec §2), grouped under its layout and guard. Pages with
 * their own screen are listed in SCREENS; every other route shows a placeholder (InfoPage) with
 * its title and description — and fails the tests unless the route is in the contract's
 * SCREENS_TO_BUILD.
 */
import {
  DEFAULT_AUTHED_PATH,
  MESSAGES_PATH,
  ROUTES,
  matchRoute,
  type RouteDef,
  type RouteName,
} from '@linkup/contract';
import type { QueryClient } from '@tanstack/react-query';
import { Navigate, type RouteObject } from 'react-router';
import { GuestOnly } from '@/app/guards/guest-only';
import { prefetchFirstPageData } from '@/app/first-page-data';
import { RequireAuth } from '@/app/guards/require-auth';
import { AuthLayout } from '@/app/layouts/auth-layout';
import { RootLayout } from '@/app/layouts/root-layout';
import { StandaloneLayout } from '@/app/layouts/standalone-layout';
import { RequireOnboarded } from '@/app/guards/require-onboarded';
import { lazyScreen, PAGE_GROUPS, prefetchLikelyNext, type LazyScreen } from '@/app/page-groups';
import { InfoPage } from '@/app/routes/info-page';

/** Pages with their own screen, each loaded with its page group (see page-groups.ts). */
const SCREENS: Partial<Record<RouteName, LazyScreen>> = {
  'auth.login': lazyScreen('auth', (m) => m.LoginRoute),
  'auth.register': lazyScreen('auth', (m) => m.RegisterRoute),
  'auth.otp': lazyScreen('auth', (m) => m.OtpVerificationRoute),
  'auth.forgot-password': lazyScreen('auth', (m) => m.ForgotPasswordRoute),
  'auth.reset-password': lazyScreen('auth', (m) => m.ResetPasswordRoute),
  'auth.verify-email': lazyScreen('auth', (m) => m.VerifyEmailRoute),
  'auth.403': lazyScreen('auth', (m) => m.NotAllowedRoute),
  'onboarding.welcome': lazyScreen('onboarding', (m) => m.OnboardingWelcomeRoute),
  'app.more': lazyScreen('profile', (m) => m.MoreRoute),
  'app.preferences': lazyScreen('profile', (m) => m.PreferencesRoute),
  'app.profile': lazyScreen('profile', (m) => m.ProfileRoute),
  'app.profile.edit': lazyScreen('profile', (m) => m.ProfileEditRoute),
  'app.profile.photos': lazyScreen('profile', (m) => m.ProfilePhotosRoute),
  'app.profile.interests': lazyScreen('profile', (m) => m.ProfileInterestsRoute),
  'app.messages': lazyScreen('chat', (m) => m.MessagesRoute),
  'app.messages.chat': lazyScreen('chat', (m) => m.MessagesRoute),
  'chat.room': lazyScreen('chat', (m) => m.MessagesRoute),
  'app.user': lazyScreen('member', (m) => m.UserRoute),
  'app.blocked-users': lazyScreen('settings', (m) => m.BlockedUsersRoute),
  'app.settings': lazyScreen('settings', (m) => m.SettingsRoute),
  'app.settings.account': lazyScreen('settings', (m) => m.SettingsAccountRoute),
  'app.settings.privacy': lazyScreen('settings', (m) => m.SettingsPrivacyRoute),
  'app.settings.notifications': lazyScreen('settings', (m) => m.SettingsNotificationsRoute),
  'app.help': lazyScreen('help', (m) => m.HelpRoute),
  'app.help.faq': lazyScreen('help', (m) => m.HelpFaqRoute),
  'app.help.contact': lazyScreen('help', (m) => m.HelpContactRoute),
  'app.privacy-policy': lazyScreen('help', (m) => m.PrivacyPolicyRoute),
  'app.terms': lazyScreen('help', (m) => m.TermsRoute),
  'app.dashboard': lazyScreen('home', (m) => m.DashboardRoute),
  'app.discover': lazyScreen('discover', (m) => m.DiscoverRoute),
  'app.matches': lazyScreen('matches', (m) => m.MatchesRoute),
  'app.likes': lazyScreen('matches', (m) => m.MatchesRoute),
  'app.visitors': lazyScreen('matches', (m) => m.VisitorsRoute),
  'app.activity': lazyScreen('matches', (m) => m.ActivityRoute),
  'app.match': lazyScreen('matches', (m) => m.MatchRoute),
  'app.feed': lazyScreen('feed', (m) => m.FeedRoute),
  'app.feed.create': lazyScreen('feed', (m) => m.FeedCreateRoute),
  'app.feed.edit': lazyScreen('feed', (m) => m.FeedEditRoute),
  'app.subscription': lazyScreen('premium', (m) => m.SubscriptionRoute),
  'app.subscription.plan': lazyScreen('premium', (m) => m.SubscriptionPlanRoute),
  'app.subscription.payment-return': lazyScreen('premium', (m) => m.PaymentReturnRoute),
  'app.payment': lazyScreen('premium', (m) => m.PaymentRoute),
  'app.payment-check': lazyScreen('premium', (m) => m.PaymentCheckRoute),
};

function pageRoute(route: RouteDef): RouteObject {
  const name = route.name as RouteName;
  const screen = SCREENS[name];
  if (!screen) return { path: route.path, element: <InfoPage name={name} /> };
  return {
    path: route.path,
    lazy: async () => {
      const Component = await screen.load();
      prefetchLikelyNext(screen.group);
      return { Component };
    },
  };
}

/**
 * Starts a signed-in first page while the app starts, beside the token check: its data (see
 * first-page-data.ts), its page group and the shell, so the page renders with its data instead
 * of a loading state that shifts as answers arrive (issue #18). Only for a first visit: later
 * pages load their code and data as they open.
 */
export function prefetchFirstPage(pathname: string, queryClient: QueryClient): void {
  const route = matchRoute(pathname);
  const screen = route?.requiresAuth ? SCREENS[route.name as RouteName] : undefined;
  if (!route || !screen) return;
  prefetchFirstPageData(pathname, queryClient);
  // The routes report a chunk that cannot load; here a failure only means no head start.
  for (const group of [screen.group, 'appShell'] as const) PAGE_GROUPS[group]().catch(() => undefined);
}

const routesWhere = (test: (r: RouteDef) => boolean) => (ROUTES as readonly RouteDef[]).filter(test).map(pageRoute);

/**
 * Public /auth pages a signed-in member may open too (an exception to spec §2's "a logged-in user
 * who opens a path under /auth is sent to /app/dashboard"): the link in the verification e-mail
 * must verify the address whether or not the member is signed in on this device.
 */
const OPEN_TO_ALL: ReadonlySet<string> = new Set<RouteName>(['auth.verify-email']);
const isGuestAuthPage = (r: RouteDef) => r.group === 'auth' && !r.requiresAuth && !OPEN_TO_ALL.has(r.name);

export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <Navigate to={DEFAULT_AUTHED_PATH} replace /> },
      {
        element: <GuestOnly />,
        children: [{ element: <AuthLayout />, children: routesWhere(isGuestAuthPage) }],
      },
      { element: <AuthLayout />, children: routesWhere((r) => OPEN_TO_ALL.has(r.name)) },
      {
        element: <RequireAuth />,
        children: [
          { element: <AuthLayout />, children: routesWhere((r) => r.group === 'auth' && r.requiresAuth) },
          { element: <StandaloneLayout />, children: routesWhere((r) => r.group === 'onboarding') },
          { path: '/app/chat', element: <Navigate to={MESSAGES_PATH} replace /> },
          {
            element: <RequireOnboarded />,
            children: [
              {
                lazy: async () => ({ Component: (await PAGE_GROUPS.appShell()).AppShell }),
                // The standalone chat too: the shell draws no header or tab bar for it, but keeps the badges' syncs.
                children: routesWhere((r) => r.group === 'app' || r.group === 'standalone'),
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to={DEFAULT_AUTHED_PATH} replace /> },
    ],
  },
];
