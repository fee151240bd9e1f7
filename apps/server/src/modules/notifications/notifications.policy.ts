import {
  NOTIFICATION_MESSAGE_PREVIEW_MAX, NOTIFICATION_TEXTS, NOTIFICATION_TYPE_LABELS, matchNotificationBody, notificationSettingFor,
  postLikeNotification, MATCHING_MESSAGES,
  type MemberSummary, type NotificationSettings, type NotificationType, type PushData,
} from '@linkup/contract';
import type { NotificationEvent } from '../shared/notifier';

/** Which fields of spec §3's push data name the member a notification is about, by type. */
const ROLE: Partial<Record<NotificationType, 'viewer' | 'sender' | 'user'>> = {
  profile_view: 'viewer',
  like: 'sender',
  super_like: 'sender',
  post_like: 'sender',
  message: 'sender',
  new_message: 'sender',
  message_request: 'sender',
  match: 'user',
  super_match: 'user',
};

/** What a tap on the notification does (spec §2 action routing). */
const ACTION: Record<NotificationType, string> = {
  profile_view: 'view_profile',
  like: 'view_profile',
  super_like: 'view_profile',
  post_like: 'view_post',
  match: 'start_chat',
  super_match: 'start_chat',
  message: 'open_chat',
  new_message: 'open_chat',
  message_request: 'view_requests',
  moderation_decision: 'view_standing',
  verification: 'open_app',
  reminder: 'view_matches',
  welcome: 'open_app',
};

/** Types whose member a free member does not see in the app (People Who Like You, Profile Visitors are premium). */
const PREMIUM_ONLY_ACTOR: ReadonlySet<NotificationType> = new Set(['profile_view', 'like', 'super_like']);

/** Types whose pushes collapse within a few minutes into one ("3 people liked you"). */
const COLLAPSING: ReadonlySet<NotificationType> = new Set(['profile_view', 'like']);

export interface ComposedNotification {
  title: string;
  body: string;
  /** Push data without notification_id and timestamp (the inbox adds them). */
  data: PushData;
}

export const notificationsPolicy = {
  /** Whether the member it is about stays hidden from this recipient (not premium). */
  hidesActor(type: NotificationType, recipientIsPremium: boolean): boolean {
    return PREMIUM_ONLY_ACTOR.has(type) && !recipientIsPremium;
  },

  /** The channels the member's switches allow for this type; types without a switch always go out. */
  channels(settings: NotificationSettings, type: NotificationType): { in_app: boolean; push: boolean } {
    const setting = notificationSettingFor(type);
    return setting ? { in_app: settings[setting].in_app, push: settings[setting].push } : { in_app: true, push: true };
  },

  /** The collapse group of a type's pushes, or null when each is pushed on its own. */
  collapseKind(type: NotificationType): string | null {
    return COLLAPSING.has(type) ? type : null;
  },

  /** The tag under which a type's pushes replace each other on the device. */
  pushTag(type: NotificationType, data: PushData): string {
    if (type === 'message' || type === 'new_message') return `room-${data.chat_room_id ?? 'none'}`;
    if (type === 'message_request') return `request-${data.chat_room_id ?? 'none'}`;
    if (type === 'match' || type === 'super_match') return `match-${data.user_id ?? 'none'}`;
    return type;
  },

  /** Title, body and push data of an event; `actor` null when unknown or hidden. */
  compose(event: NotificationEvent, actor: MemberSummary | null): ComposedNotification {
    const type = event.type;
    const name = actor?.name ?? null;
    const data: PushData = { type, action: ACTION[type] };
    const role = ROLE[type];
    if (actor && role) {
      const [id, nameField, image] = role === 'viewer'
        ? (['viewer_id', 'viewer_name', 'viewer_image'] as const)
        : role === 'sender' ? (['sender_id', 'sender_name', 'sender_image'] as const) : (['user_id', 'username', 'user_image'] as const);
      data[id] = actor.id;
      data[nameField] = actor.name;
      if (actor.photo) data[image] = actor.photo.thumb;
      // Spec §3 has age and city once ('N years old • city' on the card), whoever the member is.
      if (actor.age !== null) data.viewer_age = actor.age;
      if (actor.city) data.viewer_city = actor.city;
      // Issue 31: the badge beside the name on the in-app card.
      data.is_verified = actor.is_verified === true;
    }
    if (event.chatRoomId) data.chat_room_id = event.chatRoomId;
    // Issue 32: a like on my post leads to the post.
    if (type === 'post_like' && event.subjectId) data.post_id = event.subjectId;
    const text = (() => {
      switch (type) {
        case 'profile_view':
          return { title: NOTIFICATION_TEXTS.profile_view.title, body: NOTIFICATION_TEXTS.profile_view.body(name) };
        case 'like':
          return { title: NOTIFICATION_TEXTS.like.title, body: NOTIFICATION_TEXTS.like.body(name) };
        case 'super_like':
          return { title: NOTIFICATION_TEXTS.super_like.title, body: NOTIFICATION_TEXTS.super_like.body(name) };
        case 'match':
          return { title: MATCHING_MESSAGES.itsAMatch, body: matchNotificationBody(name ?? 'someone') };
        case 'super_match':
          return { title: MATCHING_MESSAGES.superMatch, body: matchNotificationBody(name ?? 'someone') };
        case 'message':
        case 'new_message':
          return { title: NOTIFICATION_TEXTS.message.title(name ?? 'a member'), body: preview(event.text ?? '') };
        case 'post_like':
          return postLikeNotification(name ?? 'Someone');
        case 'message_request':
          return { title: NOTIFICATION_TEXTS.message_request.title, body: NOTIFICATION_TEXTS.message_request.body(name) };
        case 'reminder':
          return { title: NOTIFICATION_TEXTS.reminder.title, body: NOTIFICATION_TEXTS.reminder.body(event.count ?? 1) };
        case 'welcome':
          return { title: NOTIFICATION_TEXTS.welcome.title, body: NOTIFICATION_TEXTS.welcome.body };
        case 'verification':
          return { title: NOTIFICATION_TEXTS.verification.title, body: NOTIFICATION_TEXTS.verification.body };
        case 'moderation_decision':
          return { title: NOTIFICATION_TEXTS.moderation_decision.title, body: NOTIFICATION_TEXTS.moderation_decision.body(event.text ?? 'decision') };
        default:
          return { title: NOTIFICATION_TYPE_LABELS[type] ?? 'LinkUp', body: '' };
      }
    })();
    return { ...text, data: { ...data, title: text.title, body: text.body } };
  },

  /** The one push that stands for `count` collapsed events of a kind. */
  collapsed(kind: string, count: number): ComposedNotification {
    const text = kind === 'profile_view' ? NOTIFICATION_TEXTS.profile_view.many(count) : NOTIFICATION_TEXTS.like.many(count);
    return { ...text, data: { type: kind, action: kind === 'profile_view' ? 'open_app' : 'view_matches', title: text.title, body: text.body } };
  },
};

function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > NOTIFICATION_MESSAGE_PREVIEW_MAX ? `${flat.slice(0, NOTIFICATION_MESSAGE_PREVIEW_MAX - 1)}…` : flat;
}
