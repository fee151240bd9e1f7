import { UI_TEXTS } from '@linkup/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildStats, ok, shellHandlers } from '@/features/matching/test/fixtures';
import { useSessionStore } from '@/lib/session-store';
import { fakeSocket } from '@/test/fake-socket';
import { buildSession, calledEndpoints, mockApi, unreadCounts } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/socket', () => import('@/test/fake-socket').then((m) => m.fakeSocketModule()));

afterEach(() => vi.unstubAllGlobals());

describe('one premium state (issue 28 item 15)', { timeout: 20_000 }, () => {
  it('premium.changed carries the new state into the session: the page follows, and only what depends on premium reloads', async () => {
    let premium = false;
    const fetch = mockApi({
      ...shellHandlers,
      'GET /api/feed/notifications/unread-count': () => ok(unreadCounts()),
      'GET /api/matches/stats/summary': () => ok(buildStats({ is_premium: premium })),
    });
    renderApp('/app/dashboard', { session: buildSession({ id: 'usr_me', name: 'Alex Demo', is_premium: false }) });
    expect(await screen.findByText(UI_TEXTS.more.upgradeTitle, {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(fakeSocket.listenerCount('premium.changed')).toBe(1), { timeout: 5000 });
    const before = calledEndpoints(fetch).length;
    const roomsBefore = calledEndpoints(fetch).filter((e) => e === 'GET /api/chat/rooms').length;

    premium = true;
    await fakeSocket.deliver('premium.changed', { is_premium: true, premium_until: '2031-01-01T00:00:00.000Z' });
    expect(useSessionStore.getState().user?.is_premium).toBe(true);
    await waitFor(() => expect(screen.queryByText(UI_TEXTS.more.upgradeTitle)).toBeNull());
    // Today's numbers reload (likes left change with premium); the conversation list does not.
    await waitFor(() => expect(calledEndpoints(fetch).slice(before)).toContain('GET /api/matches/stats/summary'));
    expect(calledEndpoints(fetch).filter((e) => e === 'GET /api/chat/rooms')).toHaveLength(roomsBefore);
  });
});
