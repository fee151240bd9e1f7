import { NOTIFICATION_SOUND_VOLUME } from '@linkup/contract';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationCard } from '@/features/notifications/components/notification-card';
import { useInAppNotifications } from '@/features/notifications/hooks/use-in-app-notifications';
import { useNotificationCardStore } from '@/features/notifications/stores/notification-card-store';
import { soundUrl, useNotificationSoundStore } from '@/lib/notification-sound';
import { fakeSocket } from '@/test/fake-socket';

vi.mock('@/lib/socket', () => import('@/test/fake-socket').then((m) => m.fakeSocketModule()));

/** What the app mounts: the hook that listens on the member's socket, and the card it fills. */
function Notifications() {
  useInAppNotifications();
  return <NotificationCard onAction={() => {}} />;
}

const LIKE = {
  type: 'like', notification_id: 'ntf_1', sender_id: 'usr_sam', sender_name: 'Sam Rivers', viewer_age: 29, viewer_city: 'Cape Town',
  title: 'Someone likes you', body: 'Sam Rivers liked you.', action: 'view_profile', timestamp: new Date().toISOString(),
};
const MESSAGE = {
  type: 'message', notification_id: 'ntf_2', sender_id: 'usr_kim', sender_name: 'Kim Lee', chat_room_id: 'room_1',
  title: 'New message from Kim Lee', body: 'Hi there!', action: 'open_chat', timestamp: new Date().toISOString(),
};

/** Each sound played: the element's file and volume. */
const played: { src: string; volume: number }[] = [];
const play = vi.fn(function (this: HTMLMediaElement) {
  played.push({ src: this.src, volume: this.volume });
  return Promise.resolve();
});

beforeEach(() => {
  fakeSocket.reset();
  useNotificationCardStore.getState().dismiss();
  played.length = 0;
  play.mockClear();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
});
afterEach(() => {
  vi.restoreAllMocks();
  useNotificationSoundStore.getState().setMuted(false);
});

describe('a notification on the member’s socket (spec §2 card, §9 sounds)', () => {
  it('shows the card with its label, text and sender, and plays the type’s sound at 0.5', async () => {
    render(<Notifications />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await fakeSocket.deliver('notification', LIKE);
    const card = screen.getByRole('status', { name: 'New Like' });
    expect(card).toHaveTextContent('Someone likes you');
    expect(card).toHaveTextContent('Sam Rivers liked you.');
    expect(card).toHaveTextContent('29 years old • Cape Town');
    expect(played).toEqual([{ src: expect.stringContaining(soundUrl('like')), volume: NOTIFICATION_SOUND_VOLUME }]);
  });

  it('replaces the card with the newest notification, each with its own sound', async () => {
    render(<Notifications />);
    await fakeSocket.deliver('notification', LIKE);
    await fakeSocket.deliver('notification', MESSAGE);
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status', { name: 'New Message' })).toHaveTextContent('Hi there!');
    expect(played.map((p) => p.src)).toEqual([expect.stringContaining(soundUrl('like')), expect.stringContaining(soundUrl('message'))]);
  });

  it('still shows the card, silently, when sounds are off', async () => {
    useNotificationSoundStore.getState().setMuted(true);
    render(<Notifications />);
    await fakeSocket.deliver('notification', MESSAGE);
    expect(screen.getByRole('status', { name: 'New Message' })).toBeInTheDocument();
    expect(play).not.toHaveBeenCalled();
  });

  it('stops listening when unmounted (signed out): a later notification shows nothing', async () => {
    const view = render(<Notifications />);
    expect(fakeSocket.listenerCount('notification')).toBe(1);
    view.unmount();
    expect(fakeSocket.listenerCount('notification')).toBe(0);
    await fakeSocket.deliver('notification', LIKE);
    expect(useNotificationCardStore.getState().card).toBeNull();
    expect(play).not.toHaveBeenCalled();
  });
});
