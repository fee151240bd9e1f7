import type { Session } from '@linkup/contract';
import { render } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PAGE_GROUPS } from '@/app/page-groups';
import { AppProviders } from '@/app/providers';
import { appRoutes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';
import { resetStores } from '@/test/fixtures';

// Every page group loaded up front, as in the browser after prefetching: a test's fake clock then
// never runs while a page's code is still being transformed.
await Promise.all(Object.values(PAGE_GROUPS).map((load) => load()));

/**
 * Renders the real route table at `path`, signed in with `session` or signed out (`keepStores`
 * keeps whatever the test put in the stores; `strict` wraps it in React StrictMode).
 */
export function renderApp(
  path: string,
  { session = null, strict = false, keepStores = false }: { session?: Session | null; strict?: boolean; keepStores?: boolean } = {},
) {
  if (!keepStores) resetStores(session);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const app = (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  const view = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...view, router, queryClient };
}

/** A wrapper with the app's providers and a fresh query client, for `renderHook` and `render`. */
export function AppWrapper({ children }: { children: ReactNode }) {
  return <AppProviders queryClient={createQueryClient()}>{children}</AppProviders>;
}
