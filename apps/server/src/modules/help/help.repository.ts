import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { CountingExecutor } from '../../lib/limit-counters.repository';

/** SQL of the support inbox. */
export class HelpRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` in one transaction: this repository bound to it, and the transaction for the limiter to count in. */
  transaction<T>(work: (tx: HelpRepository, within: CountingExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new HelpRepository(trx), trx));
  }

  async insert(row: { id: string; user_id: string; email: string | null; subject: string; message: string; created_at: string }): Promise<void> {
    await this.db.insertInto('support_messages').values(row).execute();
  }
}
