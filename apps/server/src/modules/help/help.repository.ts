import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** SQL of the support inbox. */
export class HelpRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async countSince(userId: string, since: string): Promise<number> {
    const row = await this.db
      .selectFrom('support_messages')
      .select(sql<number>`count(*)`.as('n'))
      .where('user_id', '=', userId)
      .where('created_at', '>', since)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async insert(row: { id: string; user_id: string; email: string | null; subject: string; message: string; created_at: string }): Promise<void> {
    await this.db.insertInto('support_messages').values(row).execute();
  }
}
