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
import { ChatRoute } from '@/app/routes/app/chat';
import { MessagesRoute } from '@/app/routes/app/messages';
import { MoreRoute } from '@/app/routes/app/more';
import { ForgotPasswordRoute } from '@/app/routes/auth/forgot-password';
import { LoginRoute } from '@/app/routes/auth/login';
import { OtpVerificationRoute } from '@/app/routes/auth/otp-verification';
import { RegisterRoute } from '@/app/routes/auth/register';
import { ResetPasswordRoute } from '@/app/routes/auth/reset-password';
import { VerifyEmailRoute } from '@/app/routes/auth/verify-email';
import { InfoPage } from '@/app/routes/info-page';

const SCREENS: Partial<Record<RouteName, ComponentType>> = {
  'auth.login': LoginRoute,
  'auth.register': RegisterRoute,
  'auth.otp': OtpVerificationRoute,
  'auth.forgot-password': ForgotPasswordRoute,
  'auth.reset-password': ResetPasswordRoute,
  'auth.verify-email': VerifyEmailRoute,
  'app.more': MoreRoute,
  'app.messages': MessagesRoute,
  'app.messages.chat': ChatRoute,
  'chat.room': ChatRoute,
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
