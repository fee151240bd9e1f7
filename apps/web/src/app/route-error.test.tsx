import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, RouteError } from '@/app/route-error';

function Broken(): never {
  throw new Error('render failed');
}

function renderRoutes(route: Parameters<typeof createMemoryRouter>[0][number]) {
  const router = createMemoryRouter([{ path: '/app/x', errorElement: <RouteError />, ...route }], { initialEntries: ['/app/x'] });
  render(<RouterProvider router={router} />);
}

let logged: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  logged.mockRestore();
  sessionStorage.clear();
});

describe('a page that fails (issue 32 item 18)', () => {
  it('a render error shows a friendly page with Reload and Home, and is logged — never "Unexpected Application Error!"', async () => {
    renderRoutes({ element: <Broken /> });
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/app/dashboard');
    expect(screen.queryByText(/Unexpected Application Error/)).toBeNull();
    expect(logged).toHaveBeenCalledWith('A page failed', expect.objectContaining({ message: 'render failed' }));
  });

  it('code that cannot load, after the one reload, says so with Reload and Home', async () => {
    // The app reloaded for this a moment ago (start-up-guards' mark): it does not reload again.
    sessionStorage.setItem('linkup.stale-chunk-reload', String(Date.now()));
    renderRoutes({ lazy: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: https://linkup.app/assets/help-1a2b.js')) });
    expect(await screen.findByRole('heading', { level: 1, name: 'This page could not load' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('A page could not load its code', expect.any(TypeError));
  });

  it('tells a chunk that cannot load from other errors, in every browser\'s words', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('render failed'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
