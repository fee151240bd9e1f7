import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * What other modules need done to push devices, whose rows only the devices module writes
 * (`DevicesRepository`, issue 28 item 11); `services.ts` hands it over. A signed-out session's
 * device goes in the transaction that ends the session: `db` is the caller's executor.
 */
export interface PushDevicesPort {
  /** Forgets the devices of the member's sessions: all of them, or all but `exceptSession`'s. */
  forgetOfMember(db: Kysely<Database>, userId: string, exceptSession?: string): Promise<void>;
  /** Forgets the device of one session. */
  forgetOfSession(db: Kysely<Database>, sessionId: string): Promise<void>;
  /** Forgets the member's devices of sessions that ended without a call removing them (an expiry). */
  forgetSignedOut(userId: string, now: string): Promise<void>;
  /** Forgets a dead token (only while it is still the same token: a refresh in between keeps the new one). */
  forgetDead(device: { id: string; token: string }): Promise<void>;
}
