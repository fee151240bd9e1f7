import { TIMINGS } from '@linkup/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNotificationCardStore } from '@/features/notifications/stores/notification-card-store';
import { buildDevice, buildSession, calledEndpoints, json, mockApi } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const device = await vi.hoisted(async () => (await import('@/test/fake-platform')).fakeNativePlatform('ios'));
vi.mock('@/platform/platform', () => ({ platform: device.platform, getPlatform: device.platform.getPlatform }));

const LIKE = {
  type: 'like', viewer_id: 'usr_sam', viewer_name: 'Sam Rivers', viewer_age: 29, viewer_city: 'Cape Town', timestamp: new Date().toISOString(),
};

const STATS = {
  likes_sent: 0, likes_received: 0, matches: 0, super_likes_received: 0, profile_views: 0,
  likes_left_today: 25, super_likes_left_today: 1, is_premium: false, boost_active_until: null, resets_at: '2030-01-02T00:00:00.000Z',
};

function api() {
  return mockApi({
    'GET /api/matches/stats/summary': () => json(200, { success: true, data: STATS }),
    'POST /api/user/fcm-token': () => json(200, { success: true, data: buildDevice({ device_type: 'ios', device_name: 'LinkUp for iOS' }) }),
    'POST /api/matches/usr_sam/like': () => json(200, {
      success: true,
      data: {
        action: 'like', matched: true, likes_left: null, super_likes_left: 1,
        match: {
          id: 'm_1', kind: 'like', created_at: new Date().toISOString(), chat_room_id: 'room_1',
          user: { id: 'usr_sam', name: 'Sam Rivers', age: 29, city: 'Cape Town', photo: null },
        },
      },
    }),
  });
}

async function signedInOn(path: string) {
  const view = renderApp(path, { session: buildSession() });
  await screen.findByRole('heading', { level: 1, name: 'More' });
  await vi.waitFor(() => expect(device.listensForPushes()).toBe(true));
  return view;
}

const card = () => screen.getByRole('status', { name: 'New Like' });

beforeEach(() => {
  useNotificationCardStore.getState().dismiss();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('pushes while the app is open', () => {
  it('shows the in-app card instead of a system notification (label, text, sender, buttons, time)', async () => {
    api();
    await signedInOn('/app/more');
    act(() => device.pushArrives(LIKE, { title: 'Someone likes you', body: 'Sam liked your profile' }));
    const shown = card();
    expect(shown).toHaveTextContent('New Like');
    expect(shown).toHaveTextContent('Someone likes you');
    expect(shown).toHaveTextContent('Sam liked your profile');
    expect(shown).toHaveTextContent('Sam Rivers');
    expect(shown).toHaveTextContent('29 years old • Cape Town');
    expect(shown).toHaveTextContent('Just now');
    expect(within(shown).getAllByRole('button').map((b) => b.textContent)).toEqual(['', 'View Profile', 'Like Back']);
  });

  it('closes the card after 8 seconds', async () => {
    api();
    await signedInOn('/app/more');
    vi.useFakeTimers();
    act(() => device.pushArrives(LIKE));
    expect(card()).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(TIMINGS.inAppNotificationMs - 1));
    expect(card()).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status', { name: 'New Like' })).not.toBeInTheDocument();
  });

  it('routes its buttons (spec §2): View Profile opens the member, Like Back likes them and opens the match', async () => {
    const fetch = api();
    const user = userEvent.setup();
    const { router } = await signedInOn('/app/more');
    act(() => device.pushArrives(LIKE));
    await user.click(within(card()).getByRole('button', { name: 'View Profile' }));
    expect(router.state.location.pathname).toBe('/app/user/usr_sam');

    act(() => device.pushArrives(LIKE));
    await user.click(within(card()).getByRole('button', { name: 'Like Back' }));
    expect(calledEndpoints(fetch)).toContain('POST /api/matches/usr_sam/like');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/app/match/m_1'));
  });
});

describe('a tapped push', () => {
  it.each([
    [{ type: 'message', chat_room_id: 'room_9' }, '/app/chat/room_9'],
    // /app/chat without a room is the conversation list.
    [{ type: 'match' }, '/app/messages'],
    [{ type: 'profile_view', viewer_id: 'usr_kim' }, '/app/user/usr_kim'],
    [{ type: 'super_match', action: 'view_matches' }, '/app/matches'],
    [{ type: 'reminder' }, '/app/dashboard'],
  ])('%o opens %s', async (data, path) => {
    api();
    const { router } = await signedInOn('/app/more');
    act(() => device.pushTapped(data));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(path));
  });
});
