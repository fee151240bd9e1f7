import type { Session } from '@linkup/contract';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { appRoutes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';
import { resetStores } from '@/test/fixtures';

/** Renders the real route table at `path`, signed in with `session` or signed out. */
export function renderApp(path: string, { session = null }: { session?: Session | null } = {}) {
  resetStores(session);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
