import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_GROUPS } from '@/app/page-groups';
import { buildSession, json, mockApi } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const ok = (data: unknown) => json(200, { success: true, data });
const emptyQueue = { items: [], pagination: { current_page: 1, last_page: 1, per_page: 20, total: 0 } };

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the moderation console guard (issue 30)', () => {
  it('never loads the console for a member without a role, and sends them on', async () => {
    const load = vi.spyOn(PAGE_GROUPS, 'moderation');
    const fetch = mockApi({});
    for (const path of ['/moderation', '/moderation/reports/r1', '/moderation/audit']) {
      const { router, unmount } = renderApp(path, { session: buildSession({ roles: [] }) });
      await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
      unmount();
    }
    expect(load).not.toHaveBeenCalled();
    expect(fetch.mock.calls.map(([url]) => String(url)).filter((u) => u.includes('/moderation/'))).toEqual([]);
  });

  it('loads the console for a moderator', async () => {
    const load = vi.spyOn(PAGE_GROUPS, 'moderation');
    mockApi({ 'GET /api/moderation/queue': () => ok(emptyQueue) });
    renderApp('/moderation', { session: buildSession({ roles: ['moderator'] }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Moderation' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Moderation' })).toBeInTheDocument();
    expect(load).toHaveBeenCalled();
  });

  it('lets an admin in too', async () => {
    mockApi({ 'GET /api/moderation/queue': () => ok(emptyQueue) });
    renderApp('/moderation', { session: buildSession({ roles: ['admin'] }) });
    expect(await screen.findByText('Nothing here.')).toBeInTheDocument();
  });
});
