import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The reads of operator commands. */
export class AdminRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The member with this (normalised) e-mail address or mobile number. */
  findMember(by: { email: string } | { mobile: string }): Promise<{ id: string; name: string } | undefined> {
    const query = this.db.selectFrom('users').select(['id', 'name']);
    return 'email' in by ? query.where('email', '=', by.email).executeTakeFirst() : query.where('phone_number', '=', by.mobile).executeTakeFirst();
  }
}
