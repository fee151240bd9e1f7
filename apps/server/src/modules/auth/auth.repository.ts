import type { Kysely } from 'kysely';
import type { Database, SessionRow, UserRow } from '../../db/schema';
import { newId } from '../../lib/ids';
import { nowIso } from '../../lib/time';

/** SQL for members' sign-in data and sessions. */
export class AuthRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findUserById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findUserByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  findUserByMobile(mobile: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('phone_number', '=', mobile).executeTakeFirst();
  }

  async createSession(input: {
    userId: string; tokenHash: string; expiresAt: string; userAgent: string | null; ip: string | null;
  }): Promise<string> {
    const id = newId();
    const now = nowIso();
    await this.db
      .insertInto('sessions')
      .values({
        id, user_id: input.userId, token_hash: input.tokenHash, user_agent: input.userAgent, ip: input.ip,
        created_at: now, last_used_at: now, expires_at: input.expiresAt, revoked_at: null,
      })
      .execute();
    return id;
  }

  /** The live session of a token hash, with its member. */
  async findLiveSession(tokenHash: string, now: string): Promise<{ session: SessionRow; user: UserRow } | undefined> {
    const session = await this.db
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (!session) return undefined;
    const user = await this.findUserById(session.user_id);
    return user ? { session, user } : undefined;
  }

  async touchSession(sessionId: string, userId: string, now: string): Promise<void> {
    await this.db.updateTable('sessions').set({ last_used_at: now }).where('id', '=', sessionId).execute();
    await this.db.updateTable('users').set({ last_active_at: now }).where('id', '=', userId).execute();
  }

  async revokeSession(sessionId: string, now: string): Promise<void> {
    await this.db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).execute();
  }
}
