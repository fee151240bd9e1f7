import { z } from 'zod';
import { IdSchema, TimestampSchema } from './common';

export const NOTIFICATION_TYPES = [
  'profile_view', 'like', 'super_like', 'match', 'super_match', 'message', 'new_message', 'reminder', 'welcome', 'post_like',
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
};
export const NOTIFICATION_FALLBACK_LABEL = 'Notification';

export const NOTIFICATION_ACTIONS = [
  'view_profile', 'dismiss', 'like_back', 'start_chat', 'open_chat', 'view_matches', 'reply', 'view_chats', 'open_app',
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
  post_like: [{ action: 'view_profile', label: 'View Profile' }, { action: 'dismiss', label: 'Dismiss' }],
};
export const NOTIFICATION_DEFAULT_BUTTONS = [{ action: 'open_app', label: 'Open App' }] as const;

/** Spec §3 push notification data; every field but `type` is optional on the wire. */
export const PushDataSchema = z.object({
  type: z.string(),
  notification_id: z.string().optional(),
  timestamp: TimestampSchema.optional(),
  title: z.string().optional(),
  body: z.string().optional(),
  viewer_id: IdSchema.optional(),
  viewer_name: z.string().optional(),
  viewer_image: z.string().optional(),
  viewer_age: z.union([z.number(), z.string()]).optional(),
  viewer_city: z.string().optional(),
  sender_id: IdSchema.optional(),
  sender_name: z.string().optional(),
  sender_image: z.string().optional(),
  user_id: IdSchema.optional(),
  username: z.string().optional(),
  user_image: z.string().optional(),
  chat_room_id: IdSchema.optional(),
  action: z.string().optional(),
});
export type PushData = z.infer<typeof PushDataSchema>;

/** Spec §3 push token registration. */
export const PushTokenRegistrationSchema = z.object({
  fcm_token: z.string().min(1).max(4096),
  device_type: z.string().min(1).max(32).describe("'web' or the native platform name"),
  device_name: z.string().max(200).optional(),
  user_agent: z.string().max(1000).optional(),
});
export type PushTokenRegistration = z.infer<typeof PushTokenRegistrationSchema>;

/** Where a notification action leads (spec §2 "Action routing"); `like_back` is handled by the caller. */
export function notificationActionPath(action: string, data: Partial<PushData>): string {
  const profileId = data.viewer_id ?? data.sender_id ?? data.user_id;
  switch (action) {
    case 'view_profile':
      return profileId ? `/app/user/${profileId}` : '/app/dashboard';
    case 'view_matches':
      return '/app/matches';
    case 'start_chat':
    case 'open_chat':
    case 'reply':
      return data.chat_room_id ? `/app/chat/${data.chat_room_id}` : '/app/chat';
    case 'view_chats':
      return '/app/chat';
    default:
      return '/app/dashboard';
  }
}
