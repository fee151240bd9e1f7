import {
  NOTIFICATION_SOUND_VOLUME, TIMINGS, notificationActionPath, type PushData,
} from '@linkup/contract';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationCard } from '@/features/notifications/components/notification-card';
import { useNotificationCardStore } from '@/features/notifications/stores/notification-card-store';
import { playNotificationSound, soundUrl, useNotificationSoundStore } from '@/lib/notification-sound';

const member = { sender_id: 'usr_sam', sender_name: 'Sam Rivers', viewer_age: 29, viewer_city: 'Cape Town' };

/** Spec §2: the label and buttons of every type, and the generic fallback. */
const TYPES: [string, Partial<PushData>, string, string[]][] = [
  ['profile_view', { viewer_id: 'usr_sam', viewer_name: 'Sam Rivers', viewer_age: 29, viewer_city: 'Cape Town' }, 'Profile View', ['View Profile', 'Dismiss']],
  ['like', member, 'New Like', ['View Profile', 'Like Back']],
  ['super_like', member, 'Super Like', ['View Profile', 'Like Back']],
  ['match', { user_id: 'usr_sam', username: 'Sam Rivers', chat_room_id: 'room_1' }, 'New Match', ['Start Chat', 'View Matches']],
  ['super_match', { user_id: 'usr_sam', username: 'Sam Rivers', chat_room_id: 'room_1' }, 'Super Match', ['Start Chat', 'View Matches']],
  ['message', { ...member, chat_room_id: 'room_1' }, 'New Message', ['Reply', 'All Chats']],
  ['new_message', { ...member, chat_room_id: 'room_1' }, 'New Message', ['Reply', 'All Chats']],
  ['reminder', {}, 'Reminder', ['Open App']],
  ['welcome', {}, 'Welcome', ['Open App']],
  ['something_new', {}, 'Notification', ['Open App']],
];

function show(data: PushData) {
  act(() => useNotificationCardStore.getState().show({ data }));
}

afterEach(() => {
  act(() => useNotificationCardStore.getState().dismiss());
  vi.useRealTimers();
});

describe('the in-app notification card (spec §2)', () => {
  it.each(TYPES)('%s: its label, title, body, sender block and buttons', (type, fields, label, buttons) => {
    render(<NotificationCard onAction={() => {}} />);
    show({ type, title: `Title of ${type}`, body: `Body of ${type}`, timestamp: new Date().toISOString(), ...fields });
    const card = screen.getByRole('status', { name: label });
    expect(within(card).getByText(`Title of ${type}`)).toBeInTheDocument();
    expect(within(card).getByText(`Body of ${type}`)).toBeInTheDocument();
    expect(within(card).getByText('Just now')).toBeInTheDocument();
    expect(within(card).getAllByRole('button').map((b) => b.textContent).filter((t) => t)).toEqual(buttons);
    if ('viewer_age' in fields) {
      expect(within(card).getByText('Sam Rivers')).toBeInTheDocument();
      expect(within(card).getByText('29 years old • Cape Town')).toBeInTheDocument();
      expect(within(card).getByText('SR')).toBeInTheDocument();
    }
  });

  it('closes by itself after 8 seconds, not before', () => {
    vi.useFakeTimers();
    render(<NotificationCard onAction={() => {}} />);
    show({ type: 'like', ...member });
    act(() => vi.advanceTimersByTime(TIMINGS.inAppNotificationMs - 1));
    expect(screen.getByRole('status', { name: 'New Like' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('stays while the pointer is on it or focus is in it, and closes 8 seconds after they leave', () => {
    vi.useFakeTimers();
    render(<NotificationCard onAction={() => {}} />);
    show({ type: 'like', ...member });
    const card = screen.getByRole('status', { name: 'New Like' });
    act(() => vi.advanceTimersByTime(TIMINGS.inAppNotificationMs - 1000));
    fireEvent.pointerEnter(card);
    act(() => vi.advanceTimersByTime(TIMINGS.inAppNotificationMs * 3));
    expect(screen.getByRole('status', { name: 'New Like' })).toBeInTheDocument();
    act(() => within(card).getByRole('button', { name: 'Like Back' }).focus());
    fireEvent.pointerLeave(card);
    act(() => vi.advanceTimersByTime(TIMINGS.inAppNotificationMs * 3));
    expect(screen.getByRole('status', { name: 'New Like' })).toBeInTheDocument();
    act(() => within(card).getByRole('button', { name: 'Like Back' }).blur());
    act(() => vi.advanceTimersByTime(TIMINGS.inAppNotificationMs - 1));
    expect(screen.getByRole('status', { name: 'New Like' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('hands each button’s action and the data to the caller, and closes', async () => {
    const onAction = vi.fn();
    render(<NotificationCard onAction={onAction} />);
    show({ type: 'like', ...member });
    await userEvent.click(screen.getByRole('button', { name: 'Like Back' }));
    expect(onAction).toHaveBeenCalledWith('like_back', expect.objectContaining({ sender_id: 'usr_sam' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it.each([
    ['view_profile', { viewer_id: 'usr_v' }, '/app/user/usr_v'],
    ['view_profile', { sender_id: 'usr_s' }, '/app/user/usr_s'],
    ['view_profile', { user_id: 'usr_u' }, '/app/user/usr_u'],
    ['view_profile', {}, '/app/subscription?unlock=likes'],
    ['view_matches', {}, '/app/matches'],
    ['start_chat', { chat_room_id: 'room_1' }, '/app/chat/room_1'],
    ['open_chat', {}, '/app/chat'],
    ['reply', { chat_room_id: 'room_2' }, '/app/chat/room_2'],
    ['view_chats', { chat_room_id: 'room_2' }, '/app/chat'],
    ['open_app', {}, '/app/dashboard'],
  ] as const)('routes %s with %o to %s (spec §2 action routing)', (action, data, path) => {
    expect(notificationActionPath(action, { type: 'x', ...data })).toBe(path);
  });
});

describe('notification sounds (spec §9)', () => {
  afterEach(() => useNotificationSoundStore.getState().setMuted(false));

  it.each([
    ['match', 'match'], ['super_match', 'match'], ['message', 'message'], ['new_message', 'message'],
    ['like', 'like'], ['super_like', 'like'], ['profile_view', 'view'],
  ])('plays the %s sound (%s) at volume 0.5', (type, sound) => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const audio = playNotificationSound(type);
    expect(audio?.src).toContain(soundUrl(sound));
    expect(audio?.volume).toBe(NOTIFICATION_SOUND_VOLUME);
    expect(NOTIFICATION_SOUND_VOLUME).toBe(0.5);
    expect(play).toHaveBeenCalledOnce();
    play.mockRestore();
  });

  it('stays silent when sounds are off in settings, and for types without a sound', () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    expect(playNotificationSound('welcome')).toBeNull();
    useNotificationSoundStore.getState().setMuted(true);
    expect(playNotificationSound('match')).toBeNull();
    expect(window.localStorage.getItem('linkup.notification-sound.muted')).toBe('true');
    expect(play).not.toHaveBeenCalled();
    play.mockRestore();
  });
});
