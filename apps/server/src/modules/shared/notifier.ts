import type { NotificationType } from '@linkup/contract';

/**
 * Something to tell a member (issue 14), as the modules that have news see it: matching (views,
 * likes, super likes, matches), chat (messages), feed (post likes), registration (welcome) and
 * the reminder job. The notifications module stores it in the member's inbox with spec §3's push
 * data and delivers it on the channels their settings allow (in-app card, Web Push, FCM).
 */
export interface NotificationEvent {
  /** Who is told. */
  userId: string;
  type: NotificationType;
  /** The member it is about (viewer, liker, match, sender): nothing is sent while either has blocked the other or after an unmatch. */
  actorId?: string | null;
  /** What else it is about (a post, a room), for collapsing repeats. */
  subjectId?: string | null;
  chatRoomId?: string | null;
  /** A chat message's text (messages). */
  text?: string;
  /** How many (reminders: likes waiting). */
  count?: number;
  /** Nothing at all when the same type, actor and subject reached the member within this time. */
  onceWithinMs?: number;
}

export interface Notifier {
  /**
   * Stores and delivers after the caller's commit. Resolves once the inbox item is stored and the
   * in-app card sent; pushes go out afterwards, retried, never holding the caller. Never rejects.
   */
  notify(event: NotificationEvent): Promise<void>;
}
