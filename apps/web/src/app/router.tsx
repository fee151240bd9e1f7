/**
 * Every route of the contract's ROUTES (spec §2), grouped under its layout and guard. Pages with
 * their own screen are listed in SCREENS; every other route shows its title and description.
 */
import {
  DEFAULT_AUTHED_PATH,
  MESSAGES_PATH,
  ROUTES,
  type RouteDef,
  type RouteName,
} from '@linkup/contract';
import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { GuestOnly } from '@/app/guards/guest-only';
import { RequireAuth } from '@/app/guards/require-auth';
import { AppShell } from '@/app/layouts/app-shell';
import { AuthLayout } from '@/app/layouts/auth-layout';
import { RootLayout } from '@/app/layouts/root-layout';
import { StandaloneLayout } from '@/app/layouts/standalone-layout';
import { ActivityRoute } from '@/app/routes/app/activity';
import { BlockedUsersRoute } from '@/app/routes/app/blocked-users';
import { DashboardRoute } from '@/app/routes/app/dashboard';
import { DiscoverRoute } from '@/app/routes/app/discover';
import { FeedRoute } from '@/app/routes/app/feed';
import { FeedCreateRoute, FeedEditRoute } from '@/app/routes/app/feed-post';
import { MatchRoute } from '@/app/routes/app/match';
import { MatchesRoute } from '@/app/routes/app/matches';
import { VisitorsRoute } from '@/app/routes/app/visitors';
import { ChatRoute } from '@/app/routes/app/chat';
import { MessagesRoute } from '@/app/routes/app/messages';
import { MoreRoute } from '@/app/routes/app/more';
import { PreferencesRoute } from '@/app/routes/app/preferences';
import { ProfileRoute } from '@/app/routes/app/profile';
import { ProfileEditRoute } from '@/app/routes/app/profile-edit';
import { ProfileInterestsRoute } from '@/app/routes/app/profile-interests';
import { ProfilePhotosRoute } from '@/app/routes/app/profile-photos';
import { UserRoute } from '@/app/routes/app/user';
import { HelpRoute } from '@/app/routes/app/help';
import { HelpContactRoute } from '@/app/routes/app/help-contact';
import { HelpFaqRoute } from '@/app/routes/app/help-faq';
import { PrivacyPolicyRoute } from '@/app/routes/app/privacy-policy';
import { SettingsRoute } from '@/app/routes/app/settings';
import { SettingsAccountRoute } from '@/app/routes/app/settings-account';
import { SettingsNotificationsRoute } from '@/app/routes/app/settings-notifications';
import { SettingsPrivacyRoute } from '@/app/routes/app/settings-privacy';
import { TermsRoute } from '@/app/routes/app/terms';
import { ForgotPasswordRoute } from '@/app/routes/auth/forgot-password';
import { LoginRoute } from '@/app/routes/auth/login';
import { OtpVerificationRoute } from '@/app/routes/auth/otp-verification';
import { RegisterRoute } from '@/app/routes/auth/register';
import { ResetPasswordRoute } from '@/app/routes/auth/reset-password';
import { VerifyEmailRoute } from '@/app/routes/auth/verify-email';
import { OnboardingWelcomeRoute } from '@/app/routes/onboarding/welcome';
import { InfoPage } from '@/app/routes/info-page';

const SCREENS: Partial<Record<RouteName, ComponentType>> = {
  'auth.login': LoginRoute,
  'auth.register': RegisterRoute,
  'auth.otp': OtpVerificationRoute,
  'auth.forgot-password': ForgotPasswordRoute,
  'auth.reset-password': ResetPasswordRoute,
  'auth.verify-email': VerifyEmailRoute,
  'onboarding.welcome': OnboardingWelcomeRoute,
  'app.more': MoreRoute,
  'app.preferences': PreferencesRoute,
  'app.profile': ProfileRoute,
  'app.profile.edit': ProfileEditRoute,
  'app.profile.photos': ProfilePhotosRoute,
  'app.profile.interests': ProfileInterestsRoute,
  'app.messages': MessagesRoute,
  'app.messages.chat': ChatRoute,
  'chat.room': ChatRoute,
  'app.user': UserRoute,
  'app.blocked-users': BlockedUsersRoute,
  'app.settings': SettingsRoute,
  'app.settings.account': SettingsAccountRoute,
  'app.settings.privacy': SettingsPrivacyRoute,
  'app.settings.notifications': SettingsNotificationsRoute,
  'app.help': HelpRoute,
  'app.help.faq': HelpFaqRoute,
  'app.help.contact': HelpContactRoute,
  'app.privacy-policy': PrivacyPolicyRoute,
  'app.terms': TermsRoute,
  'app.dashboard': DashboardRoute,
  'app.discover': DiscoverRoute,
  'app.matches': MatchesRoute,
  'app.likes': MatchesRoute,
  'app.visitors': VisitorsRoute,
  'app.activity': ActivityRoute,
  'app.match': MatchRoute,
  'app.feed': FeedRoute,
  'app.feed.create': FeedCreateRoute,
  'app.feed.edit': FeedEditRoute,
};

function pageRoute(route: RouteDef): RouteObject {
  const name = route.name as RouteName;
  const Screen = SCREENS[name];
  return { path: route.path, element: Screen ? <Screen /> : <InfoPage name={name} /> };
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
          // The standalone chat screen has its own header with Back.
          { element: <StandaloneLayout />, children: routesWhere((r) => r.group === 'standalone') },
          { path: '/app/chat', element: <Navigate to={MESSAGES_PATH} replace /> },
          { element: <AppShell />, children: routesWhere((r) => r.group === 'app') },
        ],
      },
      { path: '*', element: <Navigate to={DEFAULT_AUTHED_PATH} replace /> },
    ],
  },
];
