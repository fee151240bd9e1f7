import type { Insertable, Kysely } from 'kysely';
import type { Database, PushDeviceRow, PushDevicesTable } from '../../db/schema';
import type { PushDevicesPort } from '../shared/push-devices';

/**
 * SQL of the push devices: one row per session, each token once. The only writer of
 * `push_devices`: ending sessions and dropping dead tokens come here through `PushDevicesPort`.
 */
export class DevicesRepository implements PushDevicesPort {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Registers `device` for its session in one transaction: the session's earlier token gives way,
   * and a token already known (the same install, signed in again) moves to this session and member.
   */
  async register(device: Insertable<PushDevicesTable> & { id: string; created_at: string; updated_at: string }): Promise<PushDeviceRow> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('push_devices').where('session_id', '=', device.session_id).where('token', '!=', device.token).execute();
      const existing = await trx.selectFrom('push_devices').selectAll().where('token', '=', device.token).executeTakeFirst();
      if (!existing) {
        await trx.insertInto('push_devices').values(device).execute();
        return { ...device, device_name: device.device_name ?? null, user_agent: device.user_agent ?? null };
      }
      const changes = {
        user_id: device.user_id,
        session_id: device.session_id,
        device_type: device.device_type,
        device_name: device.device_name ?? null,
        user_agent: device.user_agent ?? null,
        updated_at: device.updated_at,
      };
      await trx.updateTable('push_devices').set(changes).where('id', '=', existing.id).execute();
      return { ...existing, ...changes };
    });
  }

  /** Removes the session's device, and `token` too when it is one of `userId`'s; answers how many went. */
  async remove(userId: string, sessionId: string, token?: string): Promise<number> {
    let query = this.db.deleteFrom('push_devices').where('user_id', '=', userId);
    query = token
      ? query.where((eb) => eb.or([eb('session_id', '=', sessionId), eb('token', '=', token)]))
      : query.where('session_id', '=', sessionId);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async forgetOfMember(db: Kysely<Database>, userId: string, exceptSession?: string): Promise<void> {
    let query = db.deleteFrom('push_devices').where('user_id', '=', userId);
    if (exceptSession !== undefined) query = query.where('session_id', '!=', exceptSession);
    await query.execute();
  }

  async forgetOfSession(db: Kysely<Database>, sessionId: string): Promise<void> {
    await db.deleteFrom('push_devices').where('session_id', '=', sessionId).execute();
  }

  async forgetSignedOut(userId: string, now: string): Promise<void> {
    await this.db.deleteFrom('push_devices').where('user_id', '=', userId)
      .where((eb) => eb('session_id', 'in', eb.selectFrom('sessions').select('id').where('user_id', '=', userId)
        .where((s) => s.or([s('revoked_at', 'is not', null), s('expires_at', '<=', now)]))))
      .execute();
  }

  async forgetDead(device: { id: string; token: string }): Promise<void> {
    await this.db.deleteFrom('push_devices').where('id', '=', device.id).where('token', '=', device.token).execute();
  }
}
