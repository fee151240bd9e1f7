import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Staff roles (issue 30): read by the session user and the moderation policy, changed by admins and the admin command. */
export class MemberRolesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async rolesOf(userId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('member_roles').select('role').where('user_id', '=', userId).orderBy('role').execute();
    return rows.map((r) => r.role);
  }

  /** Adds a role; false when the member already had it. */
  async grant(userId: string, role: string, now: string): Promise<boolean> {
    const result = await this.db.insertInto('member_roles').values({ user_id: userId, role, granted_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing()).executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Removes a role; false when the member did not have it. */
  async revoke(userId: string, role: string): Promise<boolean> {
    const result = await this.db.deleteFrom('member_roles').where('user_id', '=', userId).where('role', '=', role).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
