import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { NotificationsRepository } from './notifications.repository';
import type { NotificationsService } from './notifications.service';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Away this long with likes waiting: a reminder. */
export const REMINDER_AWAY_MS = 2 * DAY_MS;
/** At most one reminder per member in this time. */
export const REMINDER_EVERY_MS = DAY_MS;
/** How often the reminder job runs (a scheduled job: once per hour across processes). */
export const REMINDER_JOB_EVERY_MS = HOUR_MS;
const REMINDERS_PER_RUN = 500;

/**
 * The notifications' scheduled work, run as jobs (adapters/jobs; scheduled in services.ts, each
 * period's run taken by one process): `tick` turns collapse windows that ended into their one push
 * (each window taken by one process) and sends pushes waiting for a retry that a stopped process
 * left; `sendReminders` is the hourly reminder job.
 */
export class NotificationJobs {
  private running: Promise<void> | null = null;

  constructor(
    private readonly repo: NotificationsRepository,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** One round of due pushes; a round still running is not started twice. */
  tick(): Promise<void> {
    this.running ??= this.round().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async round(): Promise<void> {
    await this.notifications.flushCollapsed();
    await this.notifications.resumePushes();
  }

  /**
   * Members away for two days with likes they have not seen: one reminder each, at most one a day.
   * Idempotent: a member reminded in the last day is no candidate, so a retried run sends only
   * the reminders a failed one did not.
   */
  async sendReminders(): Promise<void> {
    const now = this.clock.now();
    const candidates = await this.repo.reminderCandidates(
      new Date(now.getTime() - REMINDER_AWAY_MS).toISOString(),
      new Date(now.getTime() - REMINDER_EVERY_MS).toISOString(),
      REMINDERS_PER_RUN,
    );
    for (const candidate of candidates) {
      await this.notifications.notify({ userId: candidate.user_id, type: 'reminder', count: candidate.likes });
    }
    if (candidates.length > 0) this.log.info({ reminders: candidates.length }, 'reminders sent');
  }
}
