import {
  DEFAULT_NOTIFICATION_SETTINGS, MATCHING_MESSAGES, NOTIFICATION_MESSAGE_PREVIEW_MAX, NOTIFICATION_TEXTS, matchNotificationBody,
  type MemberSummary, type NotificationSettings,
} from '@linkup/contract';
import { describe, expect, it } from 'vitest';
import { notificationsPolicy } from './notifications.policy';

const actor = (overrides: Partial<MemberSummary> = {}): MemberSummary => ({
  id: 'usr_actor', name: 'Thandi', age: 29, city: 'Durban',
  photo: { thumb: '/photos/t.webp', medium: '/photos/m.webp', large: '/photos/l.webp' } as MemberSummary['photo'], ...overrides,
});
const compose = (type: Parameters<typeof notificationsPolicy.compose>[0]['type'], who: MemberSummary | null, extra: object = {}) =>
  notificationsPolicy.compose({ userId: 'usr_me', type, actorId: who?.id ?? null, ...extra }, who);

describe('notificationsPolicy.hidesActor', () => {
  it('hides who viewed, liked or super liked a free member (Profile Visitors and People Who Like You are premium); shows them to premium', () => {
    for (const type of ['profile_view', 'like', 'super_like'] as const) {
      expect(notificationsPolicy.hidesActor(type, false), type).toBe(true);
      expect(notificationsPolicy.hidesActor(type, true), type).toBe(false);
    }
  });

  it('never hides a match, a message sender or a post liker', () => {
    for (const type of ['match', 'super_match', 'message', 'new_message', 'post_like'] as const) {
      expect(notificationsPolicy.hidesActor(type, false), type).toBe(false);
    }
  });
});

describe('notificationsPolicy.channels', () => {
  const settings = (overrides: Partial<NotificationSettings>): NotificationSettings => ({ ...DEFAULT_NOTIFICATION_SETTINGS, ...overrides });

  it("follows the member's switch of the type, each channel on its own", () => {
    const mine = settings({ like: { push: false, in_app: true }, profile_view: { push: true, in_app: false } });
    expect(notificationsPolicy.channels(mine, 'like')).toEqual({ in_app: true, push: false });
    expect(notificationsPolicy.channels(mine, 'profile_view')).toEqual({ in_app: false, push: true });
  });

  it('reads the switch of a type that shares one: a super match follows match, a new message follows message', () => {
    const mine = settings({ match: { push: false, in_app: false }, message: { push: false, in_app: true } });
    expect(notificationsPolicy.channels(mine, 'super_match')).toEqual({ in_app: false, push: false });
    expect(notificationsPolicy.channels(mine, 'new_message')).toEqual({ in_app: true, push: false });
  });

  it('always sends types without a switch (welcome, reminder)', () => {
    const allOff = Object.fromEntries(Object.keys(DEFAULT_NOTIFICATION_SETTINGS).map((k) => [k, { push: false, in_app: false }])) as unknown as NotificationSettings;
    expect(notificationsPolicy.channels(allOff, 'welcome')).toEqual({ in_app: true, push: true });
    expect(notificationsPolicy.channels(allOff, 'reminder')).toEqual({ in_app: true, push: true });
  });
});

describe('notificationsPolicy.collapseKind and pushTag', () => {
  it('collapses only profile views and likes', () => {
    expect(notificationsPolicy.collapseKind('profile_view')).toBe('profile_view');
    expect(notificationsPolicy.collapseKind('like')).toBe('like');
    for (const type of ['super_like', 'match', 'message', 'post_like', 'welcome'] as const) expect(notificationsPolicy.collapseKind(type), type).toBeNull();
  });

  it('tags pushes per room for messages and per member for matches, so they replace each other on the device', () => {
    expect(notificationsPolicy.pushTag('message', { type: 'message', chat_room_id: 'room_1' })).toBe('room-room_1');
    expect(notificationsPolicy.pushTag('new_message', { type: 'new_message', chat_room_id: 'room_1' })).toBe('room-room_1');
    expect(notificationsPolicy.pushTag('match', { type: 'match', user_id: 'usr_a' })).toBe('match-usr_a');
    expect(notificationsPolicy.pushTag('super_match', { type: 'super_match', user_id: 'usr_a' })).toBe('match-usr_a');
    expect(notificationsPolicy.pushTag('like', { type: 'like' })).toBe('like');
  });
});

describe('notificationsPolicy.compose', () => {
  it('names the member in the fields of their role, with photo, age and city', () => {
    expect(compose('profile_view', actor()).data).toMatchObject({
      type: 'profile_view', action: 'view_profile', viewer_id: 'usr_actor', viewer_name: 'Thandi', viewer_image: '/photos/t.webp', viewer_age: 29, viewer_city: 'Durban',
    });
    expect(compose('like', actor()).data).toMatchObject({ sender_id: 'usr_actor', sender_name: 'Thandi', sender_image: '/photos/t.webp', viewer_age: 29 });
    expect(compose('match', actor()).data).toMatchObject({ action: 'start_chat', user_id: 'usr_actor', username: 'Thandi', user_image: '/photos/t.webp' });
  });

  it('gives no age for a member who hides it, and no image without a photo', () => {
    const { data } = compose('like', actor({ age: null, photo: null }));
    expect(data).not.toHaveProperty('viewer_age');
    expect(data).not.toHaveProperty('sender_image');
    expect(data.sender_name).toBe('Thandi');
  });

  it('says nothing of a hidden member: no id, name, image or age, and the upgrade text', () => {
    const { title, body, data } = compose('like', null);
    expect({ title, body }).toEqual({ title: NOTIFICATION_TEXTS.like.title, body: NOTIFICATION_TEXTS.like.body(null) });
    expect(Object.keys(data).sort()).toEqual(['action', 'body', 'title', 'type']);
  });

  it('writes the texts of each type, also into the push data', () => {
    expect(compose('match', actor())).toMatchObject({ title: MATCHING_MESSAGES.itsAMatch, body: matchNotificationBody('Thandi') });
    expect(compose('super_match', null)).toMatchObject({ title: MATCHING_MESSAGES.superMatch, body: matchNotificationBody('someone') });
    expect(compose('reminder', null, { count: 3 })).toMatchObject({ title: NOTIFICATION_TEXTS.reminder.title, body: NOTIFICATION_TEXTS.reminder.body(3) });
    const welcome = compose('welcome', null);
    expect(welcome).toMatchObject({ title: NOTIFICATION_TEXTS.welcome.title, body: NOTIFICATION_TEXTS.welcome.body });
    expect(welcome.data).toMatchObject({ title: welcome.title, body: welcome.body, action: 'open_app' });
  });

  it('previews a message on one line, cut to the preview length, and opens its room', () => {
    const text = `Hello\n\n  there ${'x'.repeat(200)}`;
    const message = compose('message', actor(), { text, chatRoomId: 'room_9' });
    expect(message.title).toBe(NOTIFICATION_TEXTS.message.title('Thandi'));
    expect(message.body).toHaveLength(NOTIFICATION_MESSAGE_PREVIEW_MAX);
    expect(message.body.startsWith('Hello there xxx')).toBe(true);
    expect(message.body.endsWith('…')).toBe(true);
    expect(message.data).toMatchObject({ action: 'open_chat', chat_room_id: 'room_9', sender_id: 'usr_actor' });
    expect(compose('message', actor(), { text: 'Short one' }).body).toBe('Short one');
  });
});

describe('notificationsPolicy.collapsed', () => {
  it('stands for many views or likes with their count', () => {
    expect(notificationsPolicy.collapsed('profile_view', 4)).toMatchObject({ ...NOTIFICATION_TEXTS.profile_view.many(4), data: { type: 'profile_view', action: 'open_app' } });
    expect(notificationsPolicy.collapsed('like', 3)).toMatchObject({ ...NOTIFICATION_TEXTS.like.many(3), data: { type: 'like', action: 'view_matches' } });
  });
});
