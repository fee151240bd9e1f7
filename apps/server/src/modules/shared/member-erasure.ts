import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The member being deleted, as each module's part of the deletion finds their rows. */
export interface ErasedMember {
  id: string;
  email: string | null;
  /** The confirmed number, in E.164. */
  phone_number: string | null;
}

/**
 * One module's part of deleting a member (issue 28 item 11): its repository removes the rows it
 * owns that the foreign keys do not cascade, inside the account deletion's one transaction (`db`
 * is that transaction). `services.ts` hands the account module every module's part.
 */
export type MemberEraser = (db: Kysely<Database>, member: ErasedMember) => Promise<void>;
