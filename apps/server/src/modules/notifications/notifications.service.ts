import {
  FEED_MESSAGES, NOTIFICATION_TABS, NOTIFICATION_TYPES_OF_TAB,
  type FeedNotification, type FeedNotifications, type NotificationTab, type PushData, type UnreadCount,
} from '@linkup/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { PhotoStorage } from '../../adapters/storage/storage';
import { notFound } from '../../lib/http-errors';
import { newId } from '../../lib/ids';
import { isoNow, type Clock } from '../../lib/clock';
import type { Realtime } from '../../lib/realtime';
import type { EntitlementsRepository } from '../shared/entitlements.repository';
import type { MemberSummaries } from '../shared/member-summaries';
import type { NotificationSettingsRepository } from '../shared/notification-settings.repository';
import type { NotificationEvent, Notifier } from '../shared/notifier';
import { notificationsPolicy, type ComposedNotification } from './notifications.policy';
import { presentNotification } from './notifications.presenter';
import type { PushDevicesPort } from '../shared/push-devices';
import type { NotificationsRepository } from './notifications.repository';
import type { PushDelivery } from './push-delivery';

export interface NotificationsServiceDeps {
  repo: NotificationsRepository;
  storage: PhotoStorage;
  realtime: () => Pick<Realtime, 'toMember'>;
  clock: Clock;
  settings: NotificationSettingsRepository;
  entitlements: EntitlementsRepository;
  summaries: MemberSummaries;
  pushes: PushDelivery;
  /** The devices module's: devices of sessions that ended unseen (an expiry) are forgotten before a push. */
  devices: Pick<PushDevicesPort, 'forgetSignedOut'>;
  /** Likes and views within this time collapse into one push (0: never). */
  collapseMs: number;
  log: FastifyBaseLogger;
}

/**
 * Notifications (issues 13, 14): the inbox of every type — `GET /feed/notifications`, unread
 * means `is_read` false — and the one `notify` path every module calls after its commit. An event
 * is stored with spec §3's push data, sent on the member's own channel (`notification`, the
 * in-app card) and pushed to their devices, each as their switches allow; never between members
 * blocked either way or unmatched, and a free member's likers and visitors stay hidden as in the app.
 */
export class NotificationsService implements Notifier {
  /** Deliveries under way (modules call `notify` without waiting), so `settled` can wait for them. */
  private readonly delivering = new Set<Promise<void>>();

  constructor(private readonly deps: NotificationsServiceDeps) {}

  async notify(event: NotificationEvent): Promise<void> {
    const task = this.deliver(event).catch((err: unknown) => this.deps.log.error({ err, type: event.type }, 'notification failed'));
    this.delivering.add(task);
    try {
      await task;
    } finally {
      this.delivering.delete(task);
    }
  }

  private async deliver(event: NotificationEvent): Promise<void> {
    const { repo, clock } = this.deps;
    const { userId, type } = event;
    const actorId = event.actorId ?? null;
    const subjectId = event.subjectId ?? null;
    if (actorId === userId) return;
    if (actorId && (await repo.blockedOrUnmatched(userId, actorId))) return;
    const now = clock.now();
    if (event.onceWithinMs) {
      const since = new Date(now.getTime() - event.onceWithinMs).toISOString();
      if (await repo.hasRecent({ userId, type, actorId, subjectId }, since)) return;
    }
    const [premium, settings, actors] = await Promise.all([
      this.deps.entitlements.isPremium(userId, now.toISOString()),
      this.deps.settings.of([userId]),
      actorId ? this.deps.summaries.of([actorId]) : Promise.resolve(new Map()),
    ]);
    const actor = actorId && !notificationsPolicy.hidesActor(type, premium) ? (actors.get(actorId) ?? null) : null;
    const composed = notificationsPolicy.compose(event, actor);

    // A room's messages stay one unread inbox item (the database keeps it to one); each still reaches the member.
    const createdAt = now.toISOString();
    const row = {
      id: newId(), user_id: userId, type, title: composed.title, body: composed.body, actor_id: actorId, subject_id: subjectId,
      chat_room_id: event.chatRoomId ?? null, action: composed.data.action ?? null, data: JSON.stringify(composed.data), created_at: createdAt,
    };
    let id = row.id;
    if (type === 'message' && subjectId) id = (await repo.insertUnreadMessage({ ...row, subject_id: subjectId })).id;
    else await repo.insert(row);
    const data: PushData = { ...composed.data, notification_id: id, timestamp: createdAt };
    const channels = notificationsPolicy.channels(settings.get(userId)!, type);
    if (channels.in_app) this.deps.realtime().toMember(userId, 'notification', data);
    if (channels.push) await this.push(userId, { ...composed, data }, notificationsPolicy.collapseKind(type));
  }

  /**
   * Pushes to the member's devices. A collapsing kind pushes its first event at once and holds
   * the rest of its window; when the window ends, one push says how many (`flushCollapsed`).
   */
  private async push(userId: string, composed: ComposedNotification, collapseKind: string | null): Promise<void> {
    const { repo, clock, collapseMs } = this.deps;
    if (collapseKind && collapseMs > 0) {
      const now = clock.now();
      await this.flushCollapsed(userId);
      if (await repo.holdInWindow(userId, collapseKind, now.toISOString())) return;
      const opened = await repo.openWindow(userId, collapseKind, new Date(now.getTime() + collapseMs).toISOString());
      // Another event opened it at the same moment: this one is held in it.
      if (!opened && (await repo.holdInWindow(userId, collapseKind, now.toISOString()))) return;
    }
    await this.toDevices(userId, composed, collapseKind);
  }

  private async toDevices(userId: string, composed: ComposedNotification, collapseKind: string | null): Promise<void> {
    const type = composed.data.type as Parameters<typeof notificationsPolicy.pushTag>[0];
    const now = isoNow(this.deps.clock);
    // One read in the usual case; a device left of an ended session goes before the push.
    const { live: devices, anyEnded } = await this.deps.repo.devicesOf(userId, now);
    if (anyEnded) await this.deps.devices.forgetSignedOut(userId, now);
    if (devices.length === 0) return;
    this.deps.pushes.toDevices(devices, {
      title: composed.title, body: composed.body, data: composed.data, tag: collapseKind ?? notificationsPolicy.pushTag(type, composed.data),
    });
  }

  /**
   * Ends collapse windows that are over (one member's, or everyone's): each is taken by one
   * process only, and one held event or more becomes one push ("3 people liked you").
   */
  async flushCollapsed(userId?: string): Promise<void> {
    const { repo, clock } = this.deps;
    for (const window of await repo.endedWindows(isoNow(clock), userId)) {
      if (!(await repo.claimWindow(window)) || window.held === 0) continue;
      await this.toDevices(window.user_id, notificationsPolicy.collapsed(window.kind, window.held + 1), window.kind);
    }
  }

  /** Sends pushes whose retry is due and no process is waiting on (one that stopped). */
  resumePushes(): Promise<void> {
    return this.deps.pushes.resumeDue();
  }

  /**
   * Resolves once every delivery under way is stored and sent on (its card shown, its push queued)
   * and the pushes queued so far are sent, dropped or given up. A delivery's card goes out before
   * its push is queued, so waiting for pushes alone could miss one still looking up its devices.
   */
  async settled(): Promise<void> {
    while (this.delivering.size > 0) await Promise.allSettled([...this.delivering]);
    await this.deps.pushes.settled();
  }

  async list(userId: string, page: number, perPage: number): Promise<FeedNotifications> {
    const { repo, storage } = this.deps;
    const [rows, total, unread] = await Promise.all([
      repo.list(userId, perPage, (page - 1) * perPage),
      repo.count(userId),
      repo.count(userId, true),
    ]);
    return {
      items: rows.map((row) => presentNotification(storage, row)),
      pagination: { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total },
      unread_count: unread,
    };
  }

  /** My unread items: all of them (the bell) and those behind each tab's badge (issue 32). */
  async unreadCounts(userId: string): Promise<UnreadCount> {
    const { repo } = this.deps;
    const [all, feed, matches] = await Promise.all([
      repo.count(userId, true),
      ...NOTIFICATION_TABS.map((tab) => repo.count(userId, true, NOTIFICATION_TYPES_OF_TAB[tab])),
    ]);
    return { unread_count: all ?? 0, tabs: { feed: feed ?? 0, matches: matches ?? 0 } };
  }

  /** The member opened a tab's page: its notifications are seen. Answers the counts after. */
  async readTab(userId: string, tab: NotificationTab): Promise<UnreadCount> {
    await this.deps.repo.markTypesRead(userId, NOTIFICATION_TYPES_OF_TAB[tab], isoNow(this.deps.clock));
    return this.unreadCounts(userId);
  }

  /** Marks one of my notifications read (`clicked`: also opened). Another member's id is 404. */
  async mark(userId: string, id: string, clicked: boolean): Promise<FeedNotification> {
    const { repo, storage, clock } = this.deps;
    if (!(await repo.mark(userId, id, isoNow(clock), clicked))) throw notFound('notification_not_found', FEED_MESSAGES.notificationNotFound);
    const row = await repo.find(userId, id);
    if (!row) throw notFound('notification_not_found', FEED_MESSAGES.notificationNotFound);
    return presentNotification(storage, row);
  }
}
