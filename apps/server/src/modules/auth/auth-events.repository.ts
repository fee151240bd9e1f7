import { sql, type Kysely } from 'kysely';
import type { AuthEventKind, Database } from '../../db/schema';
import { newId } from '../../lib/ids';

/** Counts what caps and lock-outs are about: codes sent, failed sign-ins, reset requests. */
export class AuthEventsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async record(kind: AuthEventKind, subject: string, ip: string, at: string): Promise<void> {
    await this.db.insertInto('auth_events').values({ id: newId(), kind, subject, ip, created_at: at }).execute();
  }

  async countBySubject(kind: AuthEventKind, subject: string, since: string): Promise<number> {
    const row = await this.db
      .selectFrom('auth_events')
      .select(sql<number>`count(*)`.as('n'))
      .where('kind', '=', kind)
      .where('subject', '=', subject)
      .where('created_at', '>', since)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async countByIp(kind: AuthEventKind, ip: string, since: string): Promise<number> {
    const row = await this.db
      .selectFrom('auth_events')
      .select(sql<number>`count(*)`.as('n'))
      .where('kind', '=', kind)
      .where('ip', '=', ip)
      .where('created_at', '>', since)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async latestBySubject(kind: AuthEventKind, subject: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('auth_events')
      .select('created_at')
      .where('kind', '=', kind)
      .where('subject', '=', subject)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.created_at ?? null;
  }

  async clearSubject(kind: AuthEventKind, subject: string): Promise<void> {
    await this.db.deleteFrom('auth_events').where('kind', '=', kind).where('subject', '=', subject).execute();
  }

  /** Events older than the longest window (a day) count for nothing. */
  async prune(before: string): Promise<void> {
    await this.db.deleteFrom('auth_events').where('created_at', '<', before).execute();
  }
}
