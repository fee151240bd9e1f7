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
import { MoreRoute } from '@/app/routes/app/more';
import { LoginRoute } from '@/app/routes/auth/login';
import { InfoPage } from '@/app/routes/info-page';

const SCREENS: Partial<Record<RouteName, ComponentType>> = {
  'auth.login': LoginRoute,
  'app.more': MoreRoute,
};

function pageRoute(route: RouteDef): RouteObject {
  const name = route.name as RouteName;
  const Screen = SCREENS[name];
  return { path: route.path, element: Screen ? <Screen /> : <InfoPage name={name} /> };
}

const routesWhere = (test: (r: RouteDef) => boolean) => (ROUTES as readonly RouteDef[]).filter(test).map(pageRoute);

export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <Navigate to={DEFAULT_AUTHED_PATH} replace /> },
      {
        element: <GuestOnly />,
        children: [{ element: <AuthLayout />, children: routesWhere((r) => r.group === 'auth' && !r.requiresAuth) }],
      },
      {
        element: <RequireAuth />,
        children: [
          { element: <AuthLayout />, children: routesWhere((r) => r.group === 'auth' && r.requiresAuth) },
          { element: <StandaloneLayout />, children: routesWhere((r) => r.group === 'onboarding') },
          { element: <StandaloneLayout back />, children: routesWhere((r) => r.group === 'standalone') },
          { path: '/app/chat', element: <Navigate to={MESSAGES_PATH} replace /> },
          { element: <AppShell />, children: routesWhere((r) => r.group === 'app') },
        ],
      },
      { path: '*', element: <Navigate to={DEFAULT_AUTHED_PATH} replace /> },
    ],
  },
];
