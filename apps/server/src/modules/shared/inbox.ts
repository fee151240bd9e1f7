import type { FeedNotification, PushData } from '@linkup/contract';

/**
 * The notifications inbox as other modules see it (issue 13): a module that has something to
 * tell a member adds an item; the notifications module stores it, counts it as unread and sends
 * it on the member's own real-time channel. The composition root hands the inbox to modules.
 */
export interface InboxItem {
  /** Whose inbox. */
  userId: string;
  type: string;
  title: string;
  body: string;
  /** The member it is about (the viewer, sender or other user named in `data`). */
  actorId?: string | null;
  /** What else it is about (a post, a match), for collapsing repeats. */
  subjectId?: string | null;
  chatRoomId?: string | null;
  action?: string | null;
  /** The spec §3 push data; the inbox adds notification_id and timestamp. */
  data: Omit<PushData, 'notification_id' | 'timestamp'>;
  /** Not added again when an item of this type, actor and subject arrived within this time. */
  collapseWithinMs?: number;
}

export interface Inbox {
  /** The stored notification, or null when it collapsed into an earlier one. */
  add(item: InboxItem): Promise<FeedNotification | null>;
}
