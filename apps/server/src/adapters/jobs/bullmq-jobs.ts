import { Queue, Worker, type ConnectionOptions, type Job } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_ATTEMPTS, DEFAULT_BACKOFF_MS, DONE_KEPT_MS, FAILED_KEPT, errorText,
  type EnqueueOptions, type FailedJob, type JobCounts, type JobHandler, type JobOutcome, type Jobs,
} from './jobs';

/** Jobs one process runs at once. */
const CONCURRENCY = 4;
const QUEUE = 'jobs';
const ENQUEUE_DEADLINE_MS = 5_000;
/** How long a close waits for BullMQ before cutting its connections. */
const CLOSE_DEADLINE_MS = 3_000;

/**
 * BullMQ's connection settings from `REDIS_URL`. BullMQ brings its own ioredis, so it gets
 * options, not the app's client; its blocking worker connection must never give up on a command
 * (`maxRetriesPerRequest: null`).
 */
export function bullConnection(redisUrl: string): ConnectionOptions {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
    db: Number(url.pathname.slice(1) || 0),
    ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
    maxRetriesPerRequest: null,
  };
}

/**
 * Jobs on BullMQ (Redis): one queue under `<REDIS_KEY_PREFIX>bull`, every process a worker of it.
 * A job id is BullMQ's own (a second add of a kept id adds nothing); retries back off
 * exponentially; failed jobs are kept (the newest FAILED_KEPT), done ones for a day so their
 * ids stay taken. Schedules are BullMQ job schedulers, upserted by every process: each period's
 * job has one id (`repeat:<name>:<time>`), so it runs once across processes.
 */
export class BullJobs implements Jobs {
  readonly kind = 'bullmq' as const;
  private readonly queue: Queue;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly schedules: { name: string; everyMs: number }[] = [];
  private readonly listeners: ((outcome: JobOutcome) => void)[] = [];
  private worker: Worker | null = null;

  constructor(
    private readonly connection: ConnectionOptions,
    private readonly prefix: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.queue = new Queue(QUEUE, { connection: { ...connection, maxRetriesPerRequest: 1 } as ConnectionOptions, prefix });
    this.queue.on('error', (err) => log.warn({ err: err.message }, 'job queue error'));
  }

  register(name: string, handler: JobHandler): void {
    if (this.handlers.has(name)) throw new Error(`job ${name} has a worker already`);
    this.handlers.set(name, handler);
  }

  async enqueue(name: string, data: unknown, options: EnqueueOptions = {}): Promise<void> {
    await this.withinDeadline(name, this.queue.add(name, data, {
      ...(options.jobId ? { jobId: options.jobId } : {}),
      ...(options.delayMs ? { delay: options.delayMs } : {}),
      attempts: options.attempts ?? DEFAULT_ATTEMPTS,
      backoff: { type: 'exponential', delay: options.backoffMs ?? DEFAULT_BACKOFF_MS },
      removeOnComplete: { age: DONE_KEPT_MS / 1000 },
      removeOnFail: { count: FAILED_KEPT },
    }));
  }

  /** While Redis is away BullMQ waits for it: the caller gets an error instead, and logs it. */
  private async withinDeadline(name: string, adding: Promise<unknown>): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`job ${name} not enqueued: Redis did not answer within ${ENQUEUE_DEADLINE_MS} ms`)), ENQUEUE_DEADLINE_MS);
    });
    try {
      await Promise.race([adding, deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  schedule(name: string, everyMs: number): void {
    this.schedules.push({ name, everyMs });
  }

  /** Starts the worker; the schedules are upserted meanwhile, so a start with Redis away is not held. */
  async start(): Promise<void> {
    if (this.worker) return;
    // Not awaited: with Redis away it waits for Redis, and closing the queue ends the wait.
    void this.upsertSchedules().catch((err: unknown) => this.log.error({ err }, 'job schedules not set'));
    const worker = new Worker(QUEUE, (job) => this.process(job), { connection: this.connection, prefix: this.prefix, concurrency: CONCURRENCY });
    worker.on('error', (err) => this.log.warn({ err: err.message }, 'job worker error'));
    worker.on('completed', (job) => this.emit(job, 'completed'));
    worker.on('failed', (job, err) => {
      if (!job) return;
      const last = job.attemptsMade >= (job.opts.attempts ?? 1);
      if (last) this.log.error({ err, job: job.name, id: job.id, attempts: job.attemptsMade }, 'job failed');
      else this.log.warn({ err, job: job.name, id: job.id, attempt: job.attemptsMade }, 'job failed; retrying');
      this.emit(job, last ? 'failed' : 'retrying');
    });
    this.worker = worker;
  }

  private async upsertSchedules(): Promise<void> {
    for (const { name, everyMs } of this.schedules) {
      await this.queue.upsertJobScheduler(name, { every: everyMs }, {
        name, data: {},
        opts: { attempts: DEFAULT_ATTEMPTS, backoff: { type: 'exponential', delay: DEFAULT_BACKOFF_MS }, removeOnComplete: { count: 100 }, removeOnFail: { count: FAILED_KEPT } },
      });
    }
  }

  /**
   * Takes no more jobs, waits for the running ones, then closes both connections. With Redis away
   * BullMQ's close waits for it forever (its commands wait for a reconnect): after CLOSE_DEADLINE_MS
   * the connections are cut instead (a job still running is retried by another process, as after a crash).
   */
  async close(): Promise<void> {
    const closed = (async () => {
      await this.worker?.close();
      await this.queue.close();
      return true;
    })();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), CLOSE_DEADLINE_MS);
    });
    const inTime = await Promise.race([closed, late]);
    clearTimeout(timer);
    if (!inTime) {
      this.log.warn('job queue did not close in time (Redis away?): disconnecting');
      await Promise.all([this.worker?.disconnect(), this.queue.disconnect()]);
    }
  }

  async failed(limit: number): Promise<FailedJob[]> {
    const jobs = await this.queue.getFailed(0, limit - 1);
    return jobs.map((job) => ({
      name: job.name, id: String(job.id), attempts: job.attemptsMade, error: errorText(job.failedReason),
      failedAt: new Date(job.finishedOn ?? job.timestamp).toISOString(),
    }));
  }

  async counts(): Promise<JobCounts> {
    const counts = await this.queue.getJobCounts('waiting', 'delayed', 'active', 'failed');
    return { waiting: counts.waiting ?? 0, delayed: counts.delayed ?? 0, active: counts.active ?? 0, failed: counts.failed ?? 0 };
  }

  observe(listener: (outcome: JobOutcome) => void): void {
    this.listeners.push(listener);
  }

  private async process(job: Job): Promise<void> {
    const handler = this.handlers.get(job.name);
    if (!handler) throw new Error(`no worker for job ${job.name}`);
    await handler(job.data);
  }

  private emit(job: Job, outcome: JobOutcome['outcome']): void {
    const attempt = outcome === 'completed' ? job.attemptsMade + 1 : job.attemptsMade;
    for (const listener of this.listeners) listener({ name: job.name, id: String(job.id), attempt, outcome });
  }
}
