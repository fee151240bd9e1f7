import type { Kysely } from 'kysely';
import type { Database, NewUser, PasswordResetRow, SessionRow, UserRow } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { ErasedMember } from '../shared/member-erasure';
import type { PushDevicesPort } from '../shared/push-devices';

/** SQL for members' sign-in data and sessions. */
export class AuthRepository {
  constructor(
    private readonly db: Kysely<Database>,
    /** The devices module's: an ended session's device goes in the same transaction. */
    private readonly devices: PushDevicesPort,
  ) {}

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
    userId: string; tokenHash: string; now: string; expiresAt: string; userAgent: string | null; ip: string | null;
  }): Promise<string> {
    const id = newId();
    const now = input.now;
    await this.db
      .insertInto('sessions')
      .values({
        id, user_id: input.userId, token_hash: input.tokenHash, user_agent: input.userAgent, ip: input.ip,
        created_at: now, last_used_at: now, expires_at: input.expiresAt, revoked_at: null,
      })
      .execute();
    return id;
  }

  /** The live session of a token hash, with its member: one query, as it runs on every request. */
  async findLiveSession(tokenHash: string, now: string): Promise<{ session: Pick<SessionRow, 'id' | 'last_used_at' | 'expires_at'>; user: UserRow } | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select(['sessions.id as session_id', 'sessions.last_used_at as session_last_used_at', 'sessions.expires_at as session_expires_at'])
      .where('sessions.token_hash', '=', tokenHash)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', now)
      .executeTakeFirst();
    if (!row) return undefined;
    const { session_id, session_last_used_at, session_expires_at, ...user } = row;
    return { session: { id: session_id, last_used_at: session_last_used_at, expires_at: session_expires_at }, user };
  }

  async touchSession(sessionId: string, userId: string, now: string): Promise<void> {
    await this.db.updateTable('sessions').set({ last_used_at: now }).where('id', '=', sessionId).execute();
    await this.db.updateTable('users').set({ last_active_at: now }).where('id', '=', userId).execute();
  }

  /** Ends every session of a member (a suspension or ban, issue 30), with their push devices. */
  async revokeAllSessions(userId: string, now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
      await this.devices.forgetOfMember(trx, userId);
    });
  }

  /** Ends a session (logout); its push device goes with it, so the device gets no more pushes. */
  async revokeSession(sessionId: string, now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).execute();
      await this.devices.forgetOfSession(trx, sessionId);
    });
  }

  async createUser(user: NewUser): Promise<void> {
    await this.db.insertInto('users').values(user).execute();
  }

  /** A number proved with its code but without an account: the short sign-up's token (hashed). */
  async createPhoneSignup(input: { mobile: string; tokenHash: string; now: string; expiresAt: string }): Promise<void> {
    await this.db.insertInto('phone_signups').values({
      id: newId(), phone_number: input.mobile, token_hash: input.tokenHash, created_at: input.now, expires_at: input.expiresAt, used_at: null,
    }).execute();
  }

  /** The live (unused, unexpired) sign-up of a token hash. */
  findLivePhoneSignup(tokenHash: string, now: string) {
    return this.db.selectFrom('phone_signups').select(['id', 'phone_number']).where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null).where('expires_at', '>', now).executeTakeFirst();
  }

  /**
   * Spends the sign-up and creates its member with the confirmed number, in one transaction: false
   * (nothing created) when the sign-up was used or expired meanwhile. Other accounts' unconfirmed
   * claims on the number end, as when a member confirms it (issue 27).
   */
  async createUserFromPhoneSignup(signupId: string, user: NewUser & { phone_number: string }, now: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const used = await trx.updateTable('phone_signups').set({ used_at: now })
        .where('id', '=', signupId).where('used_at', 'is', null).where('expires_at', '>', now).executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) return false;
      await trx.insertInto('users').values(user).execute();
      await trx.updateTable('users').set({ pending_phone_number: null, updated_at: now })
        .where('pending_phone_number', '=', user.phone_number).where('id', '!=', user.id).execute();
      return true;
    });
  }

  async prunePhoneSignups(before: string): Promise<void> {
    await this.db.deleteFrom('phone_signups').where('expires_at', '<', before).execute();
  }

  async markEmailVerified(userId: string, email: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ email_verified_at: now, updated_at: now })
      .where('id', '=', userId)
      .where('email', '=', email)
      .where('email_verified_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The new address's link was opened: it becomes the account's, verified (issue 32). False when the change was replaced meanwhile. */
  async applyPendingEmail(userId: string, email: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ email, pending_email: null, email_verified_at: now, updated_at: now })
      .where('id', '=', userId)
      .where('pending_email', '=', email)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async markPhoneVerified(userId: string, now: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ phone_verified_at: now, updated_at: now })
      .where('id', '=', userId)
      .where('phone_verified_at', 'is', null)
      .execute();
  }

  /** The new address waits for its verification link; the current one keeps working (issue 32). */
  async requestEmailChange(userId: string, email: string, now: string): Promise<void> {
    await this.db.updateTable('users').set({ pending_email: email, updated_at: now }).where('id', '=', userId).execute();
  }

  /**
   * The member confirmed this number with its code: it becomes theirs (the unique column refuses it
   * when another account confirmed it first), and every other account's unconfirmed claim on it ends.
   */
  async confirmMobile(userId: string, mobile: string, now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('users')
        .set({ phone_number: mobile, pending_phone_number: null, phone_verified_at: now, updated_at: now })
        .where('id', '=', userId)
        .execute();
      await trx.updateTable('users')
        .set({ pending_phone_number: null, updated_at: now })
        .where('pending_phone_number', '=', mobile)
        .where('id', '!=', userId)
        .execute();
    });
  }

  /** Sets the new password hash and ends every other session (with its push device), in one transaction. */
  async changePassword(userId: string, passwordHash: string, keepSessionId: string, now: string): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', userId).execute();
      return this.revokeOthers(trx, userId, keepSessionId, now);
    });
  }

  /** Ends every other live session of the member; their push devices go with them (issue 32). */
  async revokeOtherSessions(userId: string, keepSessionId: string, now: string): Promise<number> {
    return this.db.transaction().execute((trx) => this.revokeOthers(trx, userId, keepSessionId, now));
  }

  private async revokeOthers(trx: Kysely<Database>, userId: string, keepSessionId: string, now: string): Promise<number> {
    await this.devices.forgetOfMember(trx, userId, keepSessionId);
    const result = await trx
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('id', '!=', keepSessionId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Account deletion, last of its parts: the member's row (the foreign keys cascade the rest). */
  async deleteForMember(db: Kysely<Database>, member: ErasedMember): Promise<void> {
    await db.deleteFrom('users').where('id', '=', member.id).execute();
  }

  /** Sets a new password hash and signs the member out everywhere (push devices too), in one transaction. */
  async replacePassword(userId: string, passwordHash: string, resetId: string, now: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const used = await trx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('id', '=', resetId)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) return false;
      await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', userId).execute();
      await trx.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
      await this.devices.forgetOfMember(trx, userId);
      return true;
    });
  }

  /** A new reset token for a member; older unused ones stop working. */
  async createPasswordReset(input: { userId: string; tokenHash: string; now: string; expiresAt: string }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('password_resets').set({ used_at: input.now }).where('user_id', '=', input.userId).where('used_at', 'is', null).execute();
      await trx.insertInto('password_resets').values({
        id: newId(), user_id: input.userId, token_hash: input.tokenHash, created_at: input.now, expires_at: input.expiresAt, used_at: null,
      }).execute();
    });
  }

  findLivePasswordReset(tokenHash: string, now: string): Promise<PasswordResetRow | undefined> {
    return this.db
      .selectFrom('password_resets')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }
}
