import { FEED_MESSAGES, type FeedNotification, type FeedNotifications } from '@linkup/contract';
import type { PhotoStorage } from '../../adapters/storage/storage';
import { notFound } from '../../lib/http-errors';
import { newId } from '../../lib/ids';
import { isoNow, type Clock } from '../../lib/clock';
import type { Realtime } from '../../lib/realtime';
import type { Inbox, InboxItem } from '../shared/inbox';
import { presentNotification } from './notifications.presenter';
import type { NotificationsRepository } from './notifications.repository';

/**
 * The notifications inbox (issue 13; spec §3 "Feed notification", §4): every type in one list,
 * newest first. An item is stored, then sent on the member's own channel (`notification`, the
 * spec's push data) so the Feed badge rises without a reload. Unread means `is_read` false.
 */
export class NotificationsService implements Inbox {
  constructor(
    private readonly repo: NotificationsRepository,
    private readonly storage: PhotoStorage,
    private readonly realtime: () => Pick<Realtime, 'toMember'>,
    private readonly clock: Clock,
  ) {}

  async add(item: InboxItem): Promise<FeedNotification | null> {
    const now = this.clock.now();
    const actorId = item.actorId ?? null;
    const subjectId = item.subjectId ?? null;
    if (item.collapseWithinMs) {
      const since = new Date(now.getTime() - item.collapseWithinMs).toISOString();
      if (await this.repo.hasRecent({ userId: item.userId, type: item.type, actorId, subjectId }, since)) return null;
    }
    const id = newId();
    const createdAt = now.toISOString();
    const data = { ...item.data, type: item.type, title: item.title, body: item.body };
    await this.repo.insert({
      id, user_id: item.userId, type: item.type, title: item.title, body: item.body, actor_id: actorId, subject_id: subjectId,
      chat_room_id: item.chatRoomId ?? null, action: item.action ?? null, data: JSON.stringify(data), created_at: createdAt,
    });
    const stored = await this.repo.find(item.userId, id);
    if (!stored) return null;
    const notification = presentNotification(this.storage, stored);
    this.realtime().toMember(item.userId, 'notification', notification.data);
    return notification;
  }

  async list(userId: string, page: number, perPage: number): Promise<FeedNotifications> {
    const [rows, total, unread] = await Promise.all([
      this.repo.list(userId, perPage, (page - 1) * perPage),
      this.repo.count(userId),
      this.repo.count(userId, true),
    ]);
    return {
      items: rows.map((row) => presentNotification(this.storage, row)),
      pagination: { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total },
      unread_count: unread,
    };
  }

  unreadCount(userId: string): Promise<number> {
    return this.repo.count(userId, true);
  }

  /** Marks one of my notifications read (`clicked`: also opened). Another member's id is 404. */
  async mark(userId: string, id: string, clicked: boolean): Promise<FeedNotification> {
    if (!(await this.repo.mark(userId, id, isoNow(this.clock), clicked))) throw notFound(FEED_MESSAGES.notificationNotFound);
    const row = await this.repo.find(userId, id);
    if (!row) throw notFound(FEED_MESSAGES.notificationNotFound);
    return presentNotification(this.storage, row);
  }
}
