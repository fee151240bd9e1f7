import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { JobsRepository } from './jobs.repository';
import {
  DEFAULT_ATTEMPTS, DEFAULT_BACKOFF_MS, DONE_KEPT_MS, errorText,
  type EnqueueOptions, type FailedJob, type JobCounts, type JobHandler, type JobOutcome, type Jobs,
} from './jobs';
import { newId } from '../../lib/ids';

interface Job {
  name: string;
  id: string;
  data: unknown;
  attempts: number;
  backoffMs: number;
  attempt: number;
}

/**
 * Jobs without Redis: each process runs what it enqueued, retrying with doubling delays; a job
 * that fails its last attempt is kept in the database. A schedule checks its current slot every
 * `pollMs` (or its period, when shorter) and runs it only if this process claims the slot's row,
 * so processes sharing the database run it once. Jobs waiting for their time live in memory: a
 * stopped process drops them (the work they stand for is found again — collapse windows, push
 * retries — or was logged as failed by the caller).
 */
export class InProcessJobs implements Jobs {
  readonly kind = 'in-process' as const;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly schedules: { name: string; everyMs: number }[] = [];
  /** Ids of jobs waiting, running or done in the last DONE_KEPT_MS (until when). */
  private readonly known = new Map<string, number>();
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Jobs waiting for their time (a delay or a retry), by their timer. */
  private readonly delayedJobs = new Map<NodeJS.Timeout, Job>();
  private readonly running = new Set<Promise<void>>();
  private readonly listeners: ((outcome: JobOutcome) => void)[] = [];
  private idsSweptAt = 0;
  private waiting = 0;
  private delayed = 0;
  private started = false;
  private closed = false;

  constructor(
    private readonly repo: JobsRepository,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly pollMs: number,
  ) {}

  register(name: string, handler: JobHandler): void {
    if (this.handlers.has(name)) throw new Error(`job ${name} has a worker already`);
    this.handlers.set(name, handler);
  }

  async enqueue(name: string, data: unknown, options: EnqueueOptions = {}): Promise<void> {
    if (this.closed) throw new Error(`jobs are closed: ${name} not enqueued`);
    const id = options.jobId ?? newId();
    this.forgetOldIds();
    if (this.known.has(id)) return;
    this.known.set(id, Number.POSITIVE_INFINITY);
    const job: Job = { name, id, data, attempts: options.attempts ?? DEFAULT_ATTEMPTS, backoffMs: options.backoffMs ?? DEFAULT_BACKOFF_MS, attempt: 0 };
    this.later(job, options.delayMs ?? 0);
  }

  schedule(name: string, everyMs: number): void {
    this.schedules.push({ name, everyMs });
    if (this.started) this.startSchedule(name, everyMs);
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    for (const { name, everyMs } of this.schedules) this.startSchedule(name, everyMs);
  }

  /** Stops taking jobs and lets the running ones finish; those still waiting are kept as failed (lost with this process). */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
    const dropped = [...this.delayedJobs.values()];
    this.delayedJobs.clear();
    for (const job of dropped) await this.fail(job, 'the process stopped before the job ran');
  }

  failed(limit: number): Promise<FailedJob[]> {
    return this.repo.failed(limit);
  }

  async counts(): Promise<JobCounts> {
    return { waiting: this.waiting, delayed: this.delayed, active: this.running.size, failed: await this.repo.countFailed() };
  }

  observe(listener: (outcome: JobOutcome) => void): void {
    this.listeners.push(listener);
  }

  /** Checks the schedule's current period (its start, as an ISO time) now and then every min(period, pollMs); the claimer runs it. */
  private startSchedule(name: string, everyMs: number): void {
    const check = async () => {
      const now = this.clock.now();
      const slot = new Date(Math.floor(now.getTime() / everyMs) * everyMs).toISOString();
      const ran = await this.repo.claimSlot(name, slot, now.toISOString());
      this.log.debug({ job: name, slot, ran }, 'job slot');
      if (!ran) return;
      await this.enqueue(name, {}, { jobId: `${name}:${slot}` });
      await this.repo.pruneSlots(new Date(now.getTime() - Math.max(DONE_KEPT_MS, 2 * everyMs)).toISOString());
    };
    const tick = () => {
      if (this.closed) return;
      this.track(check().catch((err: unknown) => this.log.warn({ err, job: name }, 'job schedule failed')));
    };
    const timer = setInterval(tick, Math.min(everyMs, this.pollMs));
    timer.unref();
    this.timers.add(timer);
    tick();
  }

  private later(job: Job, delayMs: number): void {
    if (delayMs <= 0) {
      this.waiting += 1;
      queueMicrotask(() => {
        this.waiting -= 1;
        this.run(job);
      });
      return;
    }
    this.delayed += 1;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.delayedJobs.delete(timer);
      this.delayed -= 1;
      this.run(job);
    }, delayMs);
    this.delayedJobs.set(timer, job);
    // A waiting job never keeps the process alive; close() drops it.
    timer.unref();
    this.timers.add(timer);
  }

  private run(job: Job): void {
    this.track(this.closed ? this.fail(job, 'the process stopped before the job ran') : this.attempt(job));
  }

  private track(task: Promise<void>): void {
    this.running.add(task);
    void task.finally(() => this.running.delete(task));
  }

  private async attempt(job: Job): Promise<void> {
    job.attempt += 1;
    const handler = this.handlers.get(job.name);
    try {
      if (!handler) throw new Error(`no worker for job ${job.name}`);
      await handler(job.data);
      this.known.set(job.id, Date.now() + DONE_KEPT_MS);
      this.emit(job, 'completed');
    } catch (err) {
      if (job.attempt < job.attempts && !this.closed) {
        this.log.warn({ err, job: job.name, id: job.id, attempt: job.attempt }, 'job failed; retrying');
        this.emit(job, 'retrying');
        this.later(job, job.backoffMs * 2 ** (job.attempt - 1));
        return;
      }
      this.log.error({ err, job: job.name, id: job.id, attempts: job.attempt }, 'job failed');
      await this.fail(job, errorText(err));
    }
  }

  private async fail(job: Job, error: string): Promise<void> {
    this.known.set(job.id, Date.now() + DONE_KEPT_MS);
    await this.repo.keepFailure({
      name: job.name, id: job.id, attempts: job.attempt, error, failedAt: this.clock.now().toISOString(), data: JSON.stringify(job.data ?? null),
    }).catch((err: unknown) => this.log.error({ err, job: job.name }, 'failed job not kept'));
    this.emit(job, 'failed');
  }

  private emit(job: Job, outcome: JobOutcome['outcome']): void {
    for (const listener of this.listeners) listener({ name: job.name, id: job.id, attempt: job.attempt, outcome });
  }

  private forgetOldIds(): void {
    const now = Date.now();
    if (now - this.idsSweptAt < 60_000) return;
    this.idsSweptAt = now;
    for (const [id, until] of this.known) if (until < now) this.known.delete(id);
  }
}
