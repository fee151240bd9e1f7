/** Notification types, buttons, sounds and wording and push-device limits, without zod (the schemas are in schemas/push.ts). */
import type { PushData } from './schemas/push';

export const NOTIFICATION_TYPES = [
  'profile_view', 'like', 'super_like', 'match', 'super_match', 'message', 'new_message', 'reminder', 'welcome', 'post_like',
  'message_request', 'moderation_decision', 'verification',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** In-app card type labels (spec §2), with a generic fallback. */
export const NOTIFICATION_TYPE_LABELS: Record<string, string> = {
  profile_view: 'Profile View',
  like: 'New Like',
  super_like: 'Super Like',
  match: 'New Match',
  super_match: 'Super Match',
  message: 'New Message',
  new_message: 'New Message',
  reminder: 'Reminder',
  welcome: 'Welcome',
  /** Ours: a like on my feed post (the spec's list has no feed type). */
  post_like: 'Post Like',
  /** Ours (issue 29): a first message from a member not matched, waiting in Requests. */
  message_request: 'Message Request',
  /** Ours (issue 30): a moderation decision's statement of reasons. */
  moderation_decision: 'Account Notice',
  /** Ours (issue 31): the verified badge was removed (the main photo shows another face). */
  verification: 'Verification',
};
export const NOTIFICATION_FALLBACK_LABEL = 'Notification';

export const NOTIFICATION_ACTIONS = [
  'view_profile', 'dismiss', 'like_back', 'start_chat', 'open_chat', 'view_matches', 'reply', 'view_chats', 'open_app',
  'view_requests', 'view_standing', 'view_post',
] as const;
export type NotificationAction = (typeof NOTIFICATION_ACTIONS)[number];

/** In-app card buttons by notification type (spec §2). */
export const NOTIFICATION_BUTTONS: Record<string, readonly { action: NotificationAction; label: string }[]> = {
  profile_view: [{ action: 'view_profile', label: 'View Profile' }, { action: 'dismiss', label: 'Dismiss' }],
  like: [{ action: 'view_profile', label: 'View Profile' }, { action: 'like_back', label: 'Like Back' }],
  super_like: [{ action: 'view_profile', label: 'View Profile' }, { action: 'like_back', label: 'Like Back' }],
  match: [{ action: 'start_chat', label: 'Start Chat' }, { action: 'view_matches', label: 'View Matches' }],
  super_match: [{ action: 'start_chat', label: 'Start Chat' }, { action: 'view_matches', label: 'View Matches' }],
  message: [{ action: 'reply', label: 'Reply' }, { action: 'view_chats', label: 'All Chats' }],
  new_message: [{ action: 'reply', label: 'Reply' }, { action: 'view_chats', label: 'All Chats' }],
  post_like: [{ action: 'view_post', label: 'View Post' }, { action: 'view_profile', label: 'View Profile' }],
  message_request: [{ action: 'view_requests', label: 'View Requests' }, { action: 'dismiss', label: 'Dismiss' }],
  moderation_decision: [{ action: 'view_standing', label: 'View Details' }],
};
export const NOTIFICATION_DEFAULT_BUTTONS = [{ action: 'open_app', label: 'Open App' }] as const;

/**
 * Types the app shows no in-app card for (issue 29: a message request is quiet — its inbox item,
 * the Requests count it refreshes, and a push only when the member turns those on).
 */
export const INBOX_ONLY_NOTIFICATION_TYPES: readonly string[] = ['message_request'];

/** The sound the app plays for a notification type (spec §9: match, message, like, view); none for others. */
export const NOTIFICATION_SOUND_OF: Readonly<Record<string, 'match' | 'message' | 'like' | 'view'>> = {
  profile_view: 'view',
  like: 'like',
  super_like: 'like',
  post_like: 'like',
  match: 'match',
  super_match: 'match',
  message: 'message',
  new_message: 'message',
};

/**
 * What each notification says (ours: the spec shows the card, not its wording). `name` is the
 * member it is about; without one (a free member's likers and visitors stay hidden, as in the
 * app) the anonymous wording is used. `count`: several collapsed into one push.
 */
export const NOTIFICATION_TEXTS = {
  profile_view: {
    title: 'Someone viewed your profile',
    body: (name: string | null) => (name ? `${name} viewed your profile.` : 'Upgrade to Premium to see who visits you.'),
    many: (count: number) => ({ title: 'New profile views', body: `${count} people viewed your profile.` }),
  },
  like: {
    title: 'Someone likes you',
    body: (name: string | null) => (name ? `${name} liked you.` : 'Upgrade to Premium to see who likes you.'),
    many: (count: number) => ({ title: 'New likes', body: `${count} people liked you` }),
  },
  super_like: {
    title: 'You got a Super Like!',
    body: (name: string | null) => (name ? `${name} super liked you.` : 'Someone super liked you. Upgrade to Premium to see who.'),
  },
  message: {
    title: (name: string) => `New message from ${name}`,
  },
  /** Quiet: no sound, no push unless switched on, and not the message itself. */
  message_request: {
    title: 'New message request',
    body: (name: string | null) => (name ? `${name} sent you a message request.` : 'Someone sent you a message request.'),
  },
  reminder: {
    title: 'People are waiting for you',
    body: (count: number) => (count === 1 ? '1 person liked you while you were away.' : `${count} people liked you while you were away.`),
  },
  /** Issue 30: the statement of reasons is on the standing page; the notification says a decision was made. */
  /** Issue 31: the badge follows the main photo's face. */
  verification: {
    title: 'Your main photo changed — verify again',
    body: 'Your new main photo does not show the face you verified, so the Verified badge was removed.',
  },
  moderation_decision: {
    title: 'A decision about your account',
    body: (action: string) => `Our moderators made a decision (${action.replace('_', ' ')}). See the reasons and how to appeal.`,
  },
  welcome: {
    title: 'Welcome to LinkUp!',
    body: 'Finish your profile and start meeting people who like what you like.',
  },
} as const;

/** The longest message text a notification repeats (the rest is in the chat). */
export const NOTIFICATION_MESSAGE_PREVIEW_MAX = 120;

/** Where a push token lives: a browser (Web Push subscription) or the native app (FCM token). */
export const DEVICE_TYPES = ['web', 'android', 'ios'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export const PUSH_TOKEN_LIMITS = { tokenMax: 2_048, deviceNameMax: 200, userAgentMax: 1_000 } as const;

export const PUSH_MESSAGES = {
  registered: 'Push notifications are on for this device',
  removed: 'Push notifications are off for this device',
  invalidSubscription: 'This browser’s push subscription is not valid.',
  /** 422 push_endpoint_refused: the subscription's push service is not one LinkUp sends to. */
  endpointRefused: 'This browser’s push service is not supported.',
} as const;

/**
 * The tab whose badge a notification type raises besides the header bell's (issue 32): likes on my
 * post on Feed, new matches on Matches; messages are the Messages tab's own unread count.
 */
export const NOTIFICATION_TABS = ['feed', 'matches'] as const;
export type NotificationTab = (typeof NOTIFICATION_TABS)[number];
export const NOTIFICATION_TYPES_OF_TAB: Readonly<Record<NotificationTab, readonly NotificationType[]>> = {
  feed: ['post_like'],
  matches: ['match', 'super_match'],
};

/** What Premium unlocks that a notification about a hidden member points at (the Premium page's `unlock`). */
export const PREMIUM_UNLOCKS = {
  likes: 'Upgrade to Premium to see who likes you and like them back.',
  } as const;
export type PremiumUnlock = keyof typeof PREMIUM_UNLOCKS;
export const premiumUnlockPath = (unlock: PremiumUnlock) => `/app/subscription?unlock=${unlock}`;

/** The member a notification is about: its viewer, sender or user, whichever it names. */
export const notificationMemberId = (data: Partial<PushData>) => data.viewer_id ?? data.sender_id ?? data.user_id;

/**
 * Where a notification action leads (spec §2 "Action routing"; issue 32: a view leads to Profile
 * Visitors, a hidden member to the Premium page that unlocks them, a like on my post to the post);
 * `like_back` on a member the app names is handled by the caller.
 */
export function notificationActionPath(action: string, data: Partial<PushData>): string {
  const profileId = notificationMemberId(data);
  // A free member's visitors are on Profile Visitors (its upsell); their likers on the Premium page.
  const hidden = data.type === 'profile_view' ? '/app/visitors' : premiumUnlockPath('likes');
  switch (action) {
    case 'view_profile':
      return profileId ? `/app/user/${profileId}` : hidden;
    case 'like_back':
      return profileId ? `/app/user/${profileId}` : hidden;
    case 'view_post':
      return data.post_id ? `/app/feed/posts/${data.post_id}` : '/app/feed';
    case 'view_matches':
      return '/app/matches';
    case 'start_chat':
    case 'open_chat':
    case 'reply':
      return data.chat_room_id ? `/app/chat/${data.chat_room_id}` : '/app/chat';
    case 'view_chats':
      return '/app/chat';
    case 'view_requests':
      return '/app/messages/requests';
    case 'view_standing':
      return '/app/account/standing';
    default:
      return '/app/dashboard';
  }
}
