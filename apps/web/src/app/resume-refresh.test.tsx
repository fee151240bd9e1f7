import type { ChatRoom } from '@linkup/contract';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSocket } from '@/test/fake-socket';
import { buildSession, calledEndpoints, json, mockApi, unreadCounts } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const device = await vi.hoisted(async () => (await import('@/test/fake-platform')).fakeNativePlatform('android'));
vi.mock('@/platform/platform', () => ({ platform: device.platform, getPlatform: device.platform.getPlatform }));
vi.mock('@/lib/socket', () => import('@/test/fake-socket').then((m) => m.fakeSocketModule()));

const ok = (data: unknown) => json(200, { success: true, data });
const page = (items: unknown[]) => ({ items, pagination: { current_page: 1, last_page: 1, per_page: 15, total: items.length } });
const room = (id: string, name: string): ChatRoom => ({ id, name, unread_count: 0, latest_message: null, last_activity: null });

beforeEach(() => {
  fakeSocket.reset();
  device.push.permission.mockResolvedValue('denied');
});
afterEach(() => vi.unstubAllGlobals());

describe('back from the background (issue #34 item 9)', () => {
  it('opens the real-time connection again at once and reloads the lists on screen', async () => {
    // What the server has when the app comes back: a conversation started while it was suspended.
    let rooms = [room('room_s', 'Chat with Sipho Mokoena')];
    const fetch = mockApi({
      'GET /api/chat/rooms': () => ok(page(rooms)),
      'GET /api/feed/notifications/unread-count': () => ok(unreadCounts()),
    });
    renderApp('/app/messages', { session: buildSession({ id: 'usr_me' }) });
    expect(await screen.findByText('Sipho Mokoena')).toBeInTheDocument();
    await vi.waitFor(() => expect(device.listensForResume()).toBe(true));
    const roomLoads = () => calledEndpoints(fetch).filter((call) => call === 'GET /api/chat/rooms').length;
    const before = roomLoads();
    expect(fakeSocket.reconnectedByApp).toBe(0);

    rooms = [room('room_t', 'Chat with Thandi Nkosi'), ...rooms];
    await act(async () => device.resume());
    expect(fakeSocket.reconnectedByApp).toBe(1);
    expect(await screen.findByText('Thandi Nkosi')).toBeInTheDocument();
    expect(roomLoads()).toBeGreaterThan(before);
  });
});
