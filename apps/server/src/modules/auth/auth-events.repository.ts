import type { Kysely } from 'kysely';
import type { AuthEventKind, Database } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { ErasedMember } from '../shared/member-erasure';

/**
 * What happened at sign-in, for the member's data export and for codes: codes sent, failed
 * sign-ins, reset requests, and sign-ins, which make their address known to the number. Limits
 * count in the limiter (lib/limiter.ts), not here.
 */
export class AuthEventsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Account deletion: the events are keyed by id, address or number, so they go by hand. */
  async deleteForMember(db: Kysely<Database>, member: ErasedMember): Promise<void> {
    const subjects = [member.id, member.email, member.phone_number].filter((s): s is string => Boolean(s));
    await db.deleteFrom('auth_events').where('subject', 'in', subjects).execute();
  }

  async record(kind: AuthEventKind, subject: string, ip: string, at: string): Promise<void> {
    await this.db.insertInto('auth_events').values({ id: newId(), kind, subject, ip, created_at: at }).execute();
  }

  /** Whether the number's member signed in from this address since `since` (a known address). */
  async signedInFrom(mobile: string, ip: string, since: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('auth_events')
      .select('id')
      .where('kind', '=', 'signed_in')
      .where('subject', '=', mobile)
      .where('ip', '=', ip)
      .where('created_at', '>', since)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async clearSubject(kind: AuthEventKind, subject: string): Promise<void> {
    await this.db.deleteFrom('auth_events').where('kind', '=', kind).where('subject', '=', subject).execute();
  }

  /** Forgets events older than `before`, and sign-ins (known addresses) older than `signInsBefore`. */
  async prune(before: string, signInsBefore: string): Promise<void> {
    await this.db
      .deleteFrom('auth_events')
      .where((eb) => eb.or([
        eb.and([eb('kind', '!=', 'signed_in'), eb('created_at', '<', before)]),
        eb('created_at', '<', signInsBefore),
      ]))
      .execute();
  }
}
