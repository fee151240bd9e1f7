/**
 * Every route of the contract's ROUTES (spec §2), grouped under its layout and guard. Pages with
 * their own screen are listed in SCREEN_PICKS; every other route shows a placeholder (InfoPage) with
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
import { RequireGoodStanding } from '@/app/guards/require-good-standing';
import { ConsoleScreen, MODERATION_SCREENS, RequireModerator } from '@/app/guards/require-moderator';
import { lazyScreen, PAGE_GROUPS, prefetchLikelyNext, type LazyScreen, type ScreenPicks } from '@/app/page-groups';
import { firstLoadGroups, hasScreen } from '@/app/screen-groups';
import { InfoPage } from '@/app/routes/info-page';
import { RouteError } from '@/app/route-error';

/** Each page with its own screen: the screen in its page group's module (the groups are in screen-groups.ts). */
const SCREEN_PICKS: ScreenPicks = {
  'auth.login': (m) => m.LoginRoute,
  'auth.register': (m) => m.RegisterRoute,
  'auth.otp': (m) => m.OtpVerificationRoute,
  'auth.forgot-password': (m) => m.ForgotPasswordRoute,
  'auth.reset-password': (m) => m.ResetPasswordRoute,
  'auth.verify-email': (m) => m.VerifyEmailRoute,
  'auth.403': (m) => m.NotAllowedRoute,
  'legal.privacy': (m) => m.PublicPrivacyRoute,
  'legal.terms': (m) => m.PublicTermsRoute,
  'onboarding.welcome': (m) => m.OnboardingWelcomeRoute,
  'app.more': (m) => m.MoreRoute,
  'app.preferences': (m) => m.PreferencesRoute,
  'app.profile': (m) => m.ProfileRoute,
  'app.profile.edit': (m) => m.ProfileEditRoute,
  'app.profile.photos': (m) => m.ProfilePhotosRoute,
  'app.profile.interests': (m) => m.ProfileInterestsRoute,
  'app.verify': (m) => m.VerifyRoute,
  'app.messages': (m) => m.MessagesRoute,
  'app.messages.chat': (m) => m.MessagesRoute,
  'app.messages.requests': (m) => m.MessageRequestsRoute,
  'chat.room': (m) => m.MessagesRoute,
  'app.user': (m) => m.UserRoute,
  'app.blocked-users': (m) => m.BlockedUsersRoute,
  'app.account.standing': (m) => m.StandingRoute,
  'app.settings': (m) => m.SettingsRoute,
  'app.settings.account': (m) => m.SettingsAccountRoute,
  'app.settings.privacy': (m) => m.SettingsPrivacyRoute,
  'app.settings.notifications': (m) => m.SettingsNotificationsRoute,
  'app.help': (m) => m.HelpRoute,
  'app.help.faq': (m) => m.HelpFaqRoute,
  'app.help.contact': (m) => m.HelpContactRoute,
  'app.privacy-policy': (m) => m.PrivacyPolicyRoute,
  'app.terms': (m) => m.TermsRoute,
  'app.dashboard': (m) => m.DashboardRoute,
  'app.discover': (m) => m.DiscoverRoute,
  'app.matches': (m) => m.MatchesRoute,
  'app.likes': (m) => m.MatchesRoute,
  'app.visitors': (m) => m.VisitorsRoute,
  'app.activity': (m) => m.ActivityRoute,
  'app.match': (m) => m.MatchRoute,
  'app.feed': (m) => m.FeedRoute,
  'app.feed.create': (m) => m.FeedCreateRoute,
  'app.feed.edit': (m) => m.FeedEditRoute,
  'app.feed.post': (m) => m.FeedPostViewRoute,
  'app.notifications': (m) => m.NotificationsRoute,
  'app.subscription': (m) => m.SubscriptionRoute,
  'app.subscription.plan': (m) => m.SubscriptionPlanRoute,
  'app.subscription.payment-return': (m) => m.PaymentReturnRoute,
  'app.payment': (m) => m.PaymentRoute,
  'app.payment-check': (m) => m.PaymentCheckRoute,
};

function screenOf(name: string): LazyScreen | undefined {
  return hasScreen(name) ? lazyScreen(name, SCREEN_PICKS[name]) : undefined;
}

function pageRoute(route: RouteDef): RouteObject {
  const name = route.name as RouteName;
  const screen = screenOf(name);
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
  if (!route?.requiresAuth || !hasScreen(route.name)) return;
  prefetchFirstPageData(pathname, queryClient);
  // The routes report a chunk that cannot load; here a failure only means no head start.
  for (const group of firstLoadGroups(route)) PAGE_GROUPS[group]().catch(() => undefined);
}

const routesWhere = (test: (r: RouteDef) => boolean) => (ROUTES as readonly RouteDef[]).filter(test).map(pageRoute);

/** The console's pages (issue 30), under their own guard and layout. */
const isConsole = (r: RouteDef) => Object.hasOwn(MODERATION_SCREENS, r.name);
const consoleRoutes: RouteObject[] = (ROUTES as readonly RouteDef[]).filter(isConsole).map((r) => ({
  path: r.path,
  element: <ConsoleScreen name={r.name as keyof typeof MODERATION_SCREENS} />,
}));

/**
 * Public /auth pages a signed-in member may open too (an exception to spec §2's "a logged-in user
 * who opens a path under /auth is sent to /app/dashboard"): the link in the verification e-mail
 * must verify the address whether or not the member is signed in on this device.
 */
const OPEN_TO_ALL: ReadonlySet<string> = new Set<RouteName>(['auth.verify-email']);
const isGuestAuthPage = (r: RouteDef) => r.group === 'auth' && !r.requiresAuth && !OPEN_TO_ALL.has(r.name);

/**
 * Issue 32: a page that fails (a render error, code that cannot load) shows RouteError, never React
 * Router's own message — inside the root layout, so the offline banner and the tab title stay.
 */
const withErrorPage = (routes: RouteObject[]): RouteObject[] => [{ errorElement: <RouteError />, children: routes }];

export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    // The root layout itself failing.
    errorElement: <RouteError />,
    children: withErrorPage([
      { path: '/', element: <Navigate to={DEFAULT_AUTHED_PATH} replace /> },
      {
        element: <GuestOnly />,
        children: [{ element: <AuthLayout />, children: routesWhere(isGuestAuthPage) }],
      },
      // Pages for everyone, signed in or not: the e-mail verification link and the public legal texts.
      { element: <AuthLayout />, children: routesWhere((r) => OPEN_TO_ALL.has(r.name) || r.group === 'public') },
      {
        element: <RequireAuth />,
        children: [
          {
            // A restricted session (issue 30) sees only its standing page, whatever it opens.
            element: <RequireGoodStanding />,
            children: [
              { element: <AuthLayout />, children: routesWhere((r) => r.group === 'auth' && r.requiresAuth) },
              { element: <StandaloneLayout />, children: routesWhere((r) => r.group === 'onboarding') },
              { path: '/app/chat', element: <Navigate to={MESSAGES_PATH} replace /> },
              { element: <RequireModerator />, children: consoleRoutes },
              {
                element: <RequireOnboarded />,
                children: [
                  {
                    lazy: async () => ({ Component: (await PAGE_GROUPS.appShell()).AppShell }),
                    // The standalone chat too: the shell draws no header or tab bar for it, but keeps the badges' syncs.
                    children: routesWhere((r) => (r.group === 'app' || r.group === 'standalone') && !isConsole(r)),
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to={DEFAULT_AUTHED_PATH} replace /> },
    ]),
  },
];
