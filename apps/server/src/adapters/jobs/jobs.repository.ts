import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { newId } from '../../lib/ids';
import { FAILED_KEPT, type FailedJob } from './jobs';

/**
 * The in-process jobs' rows (issue 33): the schedule's slots (`job_runs`: the process that
 * inserts a job's slot runs it, so several processes on one database run it once) and the jobs
 * that failed their last attempt (`failed_jobs`, the newest FAILED_KEPT).
 */
export class JobsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The lease of one job's slot: true for the one process that runs it. */
  async claimSlot(job: string, slot: string, now: string): Promise<boolean> {
    const result = await this.db.insertInto('job_runs').values({ job, slot, started_at: now })
      .onConflict((oc) => oc.columns(['job', 'slot']).doNothing()).executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async pruneSlots(before: string): Promise<void> {
    await this.db.deleteFrom('job_runs').where('started_at', '<', before).execute();
  }

  async keepFailure(failure: FailedJob & { data: string }): Promise<void> {
    await this.db.insertInto('failed_jobs').values({
      id: newId(), job_id: failure.id, name: failure.name, attempts: failure.attempts, error: failure.error, data: failure.data,
      failed_at: failure.failedAt,
    }).execute();
    const kept = this.db.selectFrom('failed_jobs').select('id').orderBy('failed_at', 'desc').orderBy('id', 'desc').limit(FAILED_KEPT);
    await this.db.deleteFrom('failed_jobs').where('id', 'not in', kept).execute();
  }

  async failed(limit: number): Promise<FailedJob[]> {
    const rows = await this.db.selectFrom('failed_jobs').select(['job_id', 'name', 'attempts', 'error', 'failed_at'])
      .orderBy('failed_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    return rows.map((row) => ({ name: row.name, id: row.job_id, attempts: row.attempts, error: row.error, failedAt: new Date(row.failed_at).toISOString() }));
  }

  async countFailed(): Promise<number> {
    const row = await this.db.selectFrom('failed_jobs').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
