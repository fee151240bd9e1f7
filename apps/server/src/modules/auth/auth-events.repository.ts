import { sql, type Kysely } from 'kysely';
import type { AuthEventKind, Database } from '../../db/schema';
import { newId } from '../../lib/ids';

/** Counts what caps and lock-outs are about: codes sent, failed sign-ins, reset requests. */
export class AuthEventsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async record(kind: AuthEventKind, subject: string, ip: string, at: string): Promise<void> {
    await this.db.insertInto('auth_events').values({ id: newId(), kind, subject, ip, created_at: at }).execute();
  }

  countBySubject(kind: AuthEventKind, subject: string, since: string): Promise<number> {
    return this.count(kind, { subject }, since);
  }

  /** Events of one subject from one address (e.g. codes one address asked for one number). */
  countBySubjectAndIp(kind: AuthEventKind, subject: string, ip: string, since: string): Promise<number> {
    return this.count(kind, { subject, ip }, since);
  }

  countByIp(kind: AuthEventKind, ip: string, since: string): Promise<number> {
    return this.count(kind, { ip }, since);
  }

  private async count(kind: AuthEventKind, by: { subject?: string; ip?: string }, since: string): Promise<number> {
    let query = this.db
      .selectFrom('auth_events')
      .select(sql<number>`count(*)`.as('n'))
      .where('kind', '=', kind)
      .where('created_at', '>', since);
    if (by.subject !== undefined) query = query.where('subject', '=', by.subject);
    if (by.ip !== undefined) query = query.where('ip', '=', by.ip);
    const row = await query.executeTakeFirst();
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
