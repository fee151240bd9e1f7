import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { CountingExecutor } from '../../lib/limit-counters.repository';
import type { ErasedMember } from '../shared/member-erasure';

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

  /** Account deletion: the member's messages to support. */
  async deleteForMember(db: Kysely<Database>, member: ErasedMember): Promise<void> {
    await db.deleteFrom('support_messages').where('user_id', '=', member.id).execute();
  }
}
