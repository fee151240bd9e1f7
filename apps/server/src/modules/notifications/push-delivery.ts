import type { FastifyBaseLogger } from 'fastify';
import type { PushMessage, PushSender } from '../../adapters/push/push';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { PushDevicesPort } from '../shared/push-devices';
import type { NotificationsRepository, PushTarget } from './notifications.repository';

export interface PushSenders {
  /** Web Push (browsers): always there, with the server's VAPID keys. */
  web: PushSender;
  /** FCM (the native app): only when a service account is configured. */
  fcm: PushSender | null;
}

/** Tries per push: the first and three retries. */
export const PUSH_ATTEMPTS = 4;
/** Pushes in flight at once, all members together. */
const CONCURRENCY = 16;
const MAX_DELAY_MS = 5 * 60_000;
/** Waiting retries one job round resumes. */
const RESUMED_PER_ROUND = 200;

/**
 * Sends pushes to a member's devices after the request that caused them (never holding it): a
 * few at a time, each retried with growing delays (base, ×4, ×16; or the service's Retry-After)
 * when the push service is slow, busy or down; a dead token (404/410, FCM UNREGISTERED) is deleted.
 * A waiting retry is kept in `push_retries`: this process sends it when due, and if the process
 * stops first, the notification job of any process resumes it (`resumeDue`). Whoever takes the
 * row sends the attempt, so it goes out once.
 */
export class PushDelivery {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly timers = new Map<NodeJS.Timeout, (go: boolean) => void>();
  private readonly waiting: (() => void)[] = [];
  private active = 0;
  private closed = false;

  constructor(
    private readonly repo: NotificationsRepository,
    /** The devices module's: a dead token's device is forgotten there. */
    private readonly devices: Pick<PushDevicesPort, 'forgetDead'>,
    private readonly senders: PushSenders,
    private readonly retryBaseMs: number,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Queues `message` to every device of the member; returns at once. */
  toDevices(devices: PushTarget[], message: PushMessage): void {
    for (const device of devices) this.start(device, message, 1);
  }

  /** Sends the waiting retries that are due, this process's or a stopped one's (the job calls it). */
  async resumeDue(): Promise<void> {
    if (this.closed) return;
    for (const retry of await this.repo.dueRetries(this.clock.now().toISOString(), RESUMED_PER_ROUND)) {
      if (this.closed || !(await this.repo.claimRetry(retry.id))) continue;
      this.start(retry.device, JSON.parse(retry.message) as PushMessage, retry.attempt);
    }
  }

  private start(device: PushTarget, message: PushMessage, attempt: number): void {
    const sender = device.device_type === 'web' ? this.senders.web : this.senders.fcm;
    if (!sender || this.closed) return;
    const task = this.attempt(sender, device, message, attempt).catch((err: unknown) => this.log.error({ err }, 'push delivery failed'));
    this.inFlight.add(task);
    void task.finally(() => this.inFlight.delete(task));
  }

  /** Resolves once every queued push is sent, dropped or given up (tests; shutdown). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Stops retrying here: waiting retries stay in push_retries for the job of a running process. */
  close(): void {
    this.closed = true;
    for (const [timer, resolve] of this.timers) {
      clearTimeout(timer);
      resolve(false);
    }
    this.timers.clear();
  }

  private async slot<T>(run: () => Promise<T>): Promise<T> {
    if (this.active >= CONCURRENCY) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active += 1;
    try {
      return await run();
    } finally {
      this.active -= 1;
      this.waiting.shift()?.();
    }
  }

  private sleep(ms: number): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve(!this.closed);
      }, ms);
      this.timers.set(timer, resolve);
      // A pending retry never keeps the process alive; close() resolves it as dropped.
      timer.unref();
    });
  }

  private async attempt(sender: PushSender, device: PushTarget, message: PushMessage, attempt: number): Promise<void> {
    const outcome = await this.slot(() => sender.send(device.token, message));
    switch (outcome.kind) {
      case 'sent':
        return;
      case 'gone':
        this.log.info({ device: device.id, reason: outcome.reason }, 'push token is dead; removing the device');
        await this.devices.forgetDead(device);
        return;
      case 'failed':
        this.log.warn({ device: device.id, reason: outcome.reason }, 'push refused');
        return;
      case 'retry': {
        if (attempt >= PUSH_ATTEMPTS) {
          this.log.warn({ device: device.id, reason: outcome.reason, attempts: attempt }, 'push given up');
          return;
        }
        const delay = Math.min(outcome.afterMs ?? this.retryBaseMs * 4 ** (attempt - 1), MAX_DELAY_MS);
        const id = newId();
        const dueAt = new Date(this.clock.now().getTime() + delay).toISOString();
        await this.repo.saveRetry({ id, device_id: device.id, message: JSON.stringify(message), attempt: attempt + 1, due_at: dueAt });
        if ((await this.sleep(delay)) && (await this.repo.claimRetry(id))) await this.attempt(sender, device, message, attempt + 1);
      }
    }
  }
}
