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
const REMINDERS_PER_RUN = 500;

/**
 * The notifications' scheduled work, ticking in every server process: collapse windows that
 * ended become their one push (each taken by one process), pushes waiting for a retry that a
 * stopped process left are sent (each taken by one process), and the reminder job runs once an
 * hour across all processes — the process that claims the hour's row in `job_runs` runs it.
 */
export class NotificationJobs {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly repo: NotificationsRepository,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(intervalMs: number): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One round of due work; a round still running is not started twice. */
  tick(): Promise<void> {
    this.running ??= this.round()
      .catch((err: unknown) => this.log.error({ err }, 'notification jobs failed'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async round(): Promise<void> {
    await this.notifications.flushCollapsed();
    await this.notifications.resumePushes();
    const now = this.clock.now();
    const hour = now.toISOString().slice(0, 13);
    const ran = await this.repo.claimJobRun('reminder', hour, now.toISOString());
    this.log.debug({ job: 'reminder', slot: hour, ran }, 'job slot');
    if (ran) {
      await this.sendReminders(now);
      await this.repo.pruneJobRuns(new Date(now.getTime() - 7 * DAY_MS).toISOString());
    }
  }

  /** Members away for two days with likes they have not seen: one reminder each, at most one a day. */
  private async sendReminders(now: Date): Promise<void> {
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
