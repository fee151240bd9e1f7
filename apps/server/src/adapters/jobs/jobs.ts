/**
 * Background jobs (issue 33): work that runs after the request that caused it, retried with
 * exponential backoff, or on a schedule. One port, two back-ends chosen in `adapters/select.ts`:
 * BullMQ on Redis when `REDIS_URL` is set (every process a worker of one queue), in-process
 * otherwise (retries in memory, failures and schedule slots in the database).
 */
export interface EnqueueOptions {
  /** The idempotency key: a job with the id of one waiting, running or done lately is not added again. */
  jobId?: string;
  /** Run no sooner than this many milliseconds from now. */
  delayMs?: number;
  /** Tries in all, the first included (default 5). */
  attempts?: number;
  /** The first retry's delay; each next one doubles it (default 1 s). */
  backoffMs?: number;
}

export type JobHandler = (data: unknown) => Promise<void>;

/** A job that failed its last attempt, as `npm run admin -- jobs failed` lists it. */
export interface FailedJob {
  name: string;
  id: string;
  attempts: number;
  error: string;
  failedAt: string;
}

/** Jobs by state in the whole queue (BullMQ) or this process (in-process); failed = those kept. */
export interface JobCounts {
  waiting: number;
  delayed: number;
  active: number;
  failed: number;
}

/** What happened to one attempt of a job in this process (metrics; tests). */
export interface JobOutcome {
  name: string;
  id: string;
  attempt: number;
  outcome: 'completed' | 'retrying' | 'failed';
}

export interface Jobs {
  readonly kind: 'bullmq' | 'in-process';
  /** The worker of jobs named `name` (one per name), registered before any such job can arrive. */
  register(name: string, handler: JobHandler): void;
  enqueue(name: string, data: unknown, options?: EnqueueOptions): Promise<void>;
  /** Runs the job `name` every `everyMs`, once per period across every process. */
  schedule(name: string, everyMs: number): void;
  /** Starts working (and scheduling): every process is a worker. */
  start(): Promise<void>;
  /** Drains: takes no more jobs, lets the running ones finish, then lets go of its connections. */
  close(): Promise<void>;
  /** The most recent failed jobs, newest first. */
  failed(limit: number): Promise<FailedJob[]>;
  counts(): Promise<JobCounts>;
  /** Calls `listener` after each attempt this process ran. */
  observe(listener: (outcome: JobOutcome) => void): void;
}

export const DEFAULT_ATTEMPTS = 5;
export const DEFAULT_BACKOFF_MS = 1_000;
/** Failed jobs kept for `jobs failed` (the newest). */
export const FAILED_KEPT = 1_000;
/** How long a finished job's id still refuses the same id (idempotent enqueue). */
export const DONE_KEPT_MS = 24 * 60 * 60 * 1_000;

export const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err)).slice(0, 2_000);
